// The test binary's count of heap allocations (operator new is replaced in alloc_test.cc): tests
// that must not allocate read it before and after.
#pragma once

// Allocations made by the whole process so far.
long cardroom_test_allocations();

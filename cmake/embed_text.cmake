# Writes OUT: a C++ file defining `const char* const NAME` in namespace NS with the text of IN.
file(READ "${IN}" content)
set(delim "cardroom_embed")
file(WRITE "${OUT}" "namespace ${NS} {\nextern const char* const ${NAME};\nconst char* const ${NAME} = R\"${delim}(${content})${delim}\";\n}\n")

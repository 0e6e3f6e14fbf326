// The page's views for smoke.mjs, which runs them in a simulated DOM (jsdom) over every fixture.
export { TableView } from "../src/table";
export { LobbyView } from "../src/lobby";

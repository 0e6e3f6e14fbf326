// The messages of docs/web_protocol.md, the contract with `cardroom serve`. Field names are the
// protocol's exactly; fields are only ever added there, so every type here tolerates extra keys.

/** Any JSON value: views are each game's own, read through the helpers in view.ts. */
export type Json = null | boolean | number | string | Json[] | { [key: string]: Json };
export type JsonObject = { [key: string]: Json };

// ---- Shared shapes ----

export interface OptionSpec {
  name: string;
  type: "int" | "bool" | "choice";
  default?: Json;
  min?: number;
  max?: number;
  choices?: string[];
  help?: string;
}

export interface GameInfo {
  name: string;
  title: string;
  description: string;
  options: OptionSpec[];
  /** Seats at the default options (a `players` option, when the game has one, sets it). */
  seats?: number | null;
  players?: string[];
  /** Levels of play, weakest first (bots/levels.h): what a seat offers people. */
  levels?: { name: string; player: string; description: string }[];
  /** Whether everyone plays at once on a clock (Nuts): computers then take a speed, 1-5. */
  real_time?: boolean;
  /** Whether the game has a double-dummy solver: a hand that is over can be analysed. */
  solver?: boolean;
}

/** How the seats move: in turn, all at once (hidden until every one is in), or in real time. */
export type Mode = "turn" | "simultaneous" | "real_time";

export interface Seat {
  seat: number;
  kind: "human" | "computer" | "open";
  name: string;
  player: string | null;
  connected: boolean;
  away: boolean;
}

export interface LobbyTable {
  table: string;
  game: string;
  title: string;
  seats: Seat[];
  started: boolean;
  over: boolean;
  spectators: number;
  /** Nobody has been at the table for a while: it waits for someone to come back. */
  paused?: boolean;
}

/** An engine event (event_json): only the fields that are set are present. */
export interface GameEvent {
  kind: string;
  text?: string;
  seat?: number;
  other?: number;
  team?: number;
  number?: number;
  amount?: number;
  tricks?: number;
  points?: number;
  total?: number;
  suit?: string;
  card?: string;
  cards?: string[];
  seats?: number[];
  scores?: number[];
  label?: string;
  [key: string]: Json | undefined;
}

export interface LegalMove {
  text: string;
  /** 64-bit move codes travel as decimal strings. */
  code: string;
  /** Moves as data (docs/web_protocol.md): the verb, the cards it names, its number, a contract
   * bid's strain ("C".."S", "NT") and a label for people ("bid 1♣", "play Q♦ and call truc"). */
  verb?: string;
  cards?: string[];
  number?: number;
  strain?: string;
  label?: string;
}

export interface Turn {
  seats: number[];
  seconds: number;
  deadline_ms: number;
}

export interface Chat {
  seat: number | null;
  name: string;
  text: string;
  to: "table" | "team";
}

// ---- Server to client ----

export interface GamesMsg {
  type: "games";
  games: GameInfo[];
  players: string[];
}
export interface LobbyMsg {
  type: "lobby";
  tables: LobbyTable[];
  /** Public tables in all; `tables` is the page of at most `page` from `offset`. */
  total?: number;
  offset?: number;
  page?: number;
}
export interface CreatedMsg {
  type: "created";
  table: string;
  invites: { [seat: string]: string };
  /** A private table's code for spectators (`/?table=T&watch=CODE`). */
  watch?: string;
}
/** The room cannot store moves (its database is away): the table waits, then goes on. */
export interface PausedMsg {
  type: "paused";
  table: string;
  paused: boolean;
  message?: string;
}
/** The table is gone: its seats were not all taken in time. */
export interface ClosedMsg {
  type: "closed";
  table: string;
  message: string;
}
export interface SeatedMsg {
  type: "seated";
  table: string;
  seat: number;
  token: string;
}
export interface TableMsg {
  type: "table";
  table: string;
  game: string;
  title: string;
  seat: number | null;
  seats: Seat[];
  /** Each seat's team, or null in a game without teams. */
  teams?: number[] | null;
  mode?: Mode;
  started: boolean;
  over: boolean;
  seq: number;
  view: JsonObject;
  legal: LegalMove[];
  events: GameEvent[];
  /** Every completed round's summary as this seat may know it. */
  rounds?: Json[];
  chat: Chat[];
  turn: Turn | null;
  record: string | null;
}
export interface UpdateMsg {
  type: "update";
  table: string;
  seq: number;
  mode?: Mode;
  events: GameEvent[];
  view: JsonObject;
  legal: LegalMove[];
  turn: Turn | null;
  over: boolean;
  record: string | null;
}
export interface HintMsg {
  type: "hint";
  table: string;
  move: string;
  code: string;
}
export interface ChatMsg extends Chat {
  type: "chat";
  table: string;
}
export interface ErrorMsg {
  type: "error";
  message: string;
  ref?: Json;
}

/** A new game at the table (`again`): its people are seated there (a `seated` follows). */
export interface AgainMsg {
  type: "again";
  table: string;
  next: string;
  by: string;
  /** A private table's new code, for its spectators. */
  watch?: string;
}
/** A finished game in a person's history. */
export interface HistoryGame {
  table: string;
  game: string;
  title: string;
  created_ms: number;
  finished_ms: number;
  seats: { seat: number; kind: string; name: string; player: string | null }[];
  /** The seats this browser held. */
  mine: number[];
  result: { ended?: string; rounds?: number; scores?: number[]; team_scores?: number[]; winners?: number[]; teams?: number[]; out?: number[] } | null;
  record: string;
}
export interface HistoryMsg {
  type: "history";
  games: HistoryGame[];
}
/** One card played, analysed (docs/analysis.md). */
export interface PlayAnalysis {
  move: number;
  trick: number | null;
  seat: number;
  card: string;
  value: number;
  best: number;
  cost: number;
  best_cards: string[];
  cards: { card: string; value: number }[];
}
export interface AnalysisMsg {
  type: "analysis";
  table: string;
  analysis: {
    game: string;
    values: "points" | "tricks" | null;
    rounds_complete: number;
    seat: number | null;
    rounds: { round: number; plays: PlayAnalysis[]; costs: (number | null)[] }[];
  };
}
/** A finished game's state after `step` moves, every hand shown. */
export interface ReplayMsg {
  type: "replay";
  table: string;
  step: number;
  steps: number;
  move: (LegalMove & { seat: number }) | null;
  events: GameEvent[];
  view: JsonObject;
  hands: (string[] | null)[];
  over: boolean;
}

export type ServerMsg =
  | AgainMsg
  | HistoryMsg
  | AnalysisMsg
  | ReplayMsg
  | GamesMsg
  | LobbyMsg
  | CreatedMsg
  | SeatedMsg
  | TableMsg
  | UpdateMsg
  | HintMsg
  | ChatMsg
  | PausedMsg
  | ClosedMsg
  | ErrorMsg;

// ---- Client to server ----

export type ClientMsg = { id?: Json } & (
  | { type: "games" }
  | { type: "lobby"; offset?: number }
  | {
      type: "create";
      game: string;
      seats: string[];
      name?: string;
      turn_seconds?: number;
      pace_ms?: number;
      private?: boolean;
      key?: string;
    }
  | { type: "join"; table: string; invite?: string; seat?: number; name?: string; key?: string }
  | { type: "resume"; table: string; token: string }
  | { type: "watch"; table: string; code?: string }
  | { type: "move"; table: string; code?: string; move?: string; seq?: number }
  | { type: "hint"; table: string }
  | { type: "chat"; table: string; text: string; to?: "table" | "team" }
  | { type: "leave"; table: string }
  | { type: "again"; table: string; replace?: { [seat: string]: string } }
  | { type: "history"; key: string }
  | { type: "analysis"; table: string; round?: number }
  | { type: "replay"; table: string; step: number }
);

// Sylvan's browser tabletop: the lobby, the table, the end of game and replays. One module,
// no framework: the server sends each viewer its own frame (its view's SVG, its legal actions,
// its events), and this page draws it and sends back the chosen action.

type Json = any;

interface Legal {
  action: Json;
  text: string;
  targets?: string[];
}

interface SeatInfo {
  seat: number;
  name: string | null;
  bot: string | null;
  taken: boolean;
  zombie: boolean;
  resigned: boolean;
}

interface Frame {
  type: "frame";
  table: string;
  game: string;
  title?: string;
  version: number;
  seat: number | null;
  to_move: number | null;
  over: boolean;
  view: Json;
  svg: string | null;
  legal: Legal[];
  can_undo: boolean;
  events: { version: number; events: string[] }[];
  score: Json | null;
  seats: SeatInfo[];
  present: boolean[];
  clocks: Json | null;
  result: Json | null;
  rematch?: string | null;
}

const app = document.getElementById("app") as HTMLElement;

function el<K extends keyof HTMLElementTagNameMap>(
  tag: K,
  attrs: Record<string, string> = {},
  ...children: (Node | string)[]
): HTMLElementTagNameMap[K] {
  const e = document.createElement(tag);
  for (const [k, v] of Object.entries(attrs)) e.setAttribute(k, v);
  for (const c of children) e.append(c);
  return e;
}

function seatName(i: number): string {
  return `Player ${i + 1}`;
}

function who(seats: SeatInfo[], i: number): string {
  const s = seats[i];
  if (!s) return seatName(i);
  if (s.bot) return `${seatName(i)} (bot ${s.bot})`;
  return s.name ? `${seatName(i)} (${s.name})` : `${seatName(i)} (free)`;
}

async function api(method: string, path: string, body?: Json): Promise<Json> {
  const res = await fetch(path, {
    method,
    headers: body === undefined ? {} : { "Content-Type": "application/json" },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const answer = await res.json().catch(() => ({ message: res.statusText }));
  if (!res.ok) throw new Error(answer.message ?? `${res.status}`);
  return answer;
}

/** A line the page shows for what went wrong or what to do; `role=alert` reads it aloud. */
function message(text: string, kind: "error" | "info" = "error"): void {
  const box = document.getElementById("message");
  if (!box) return;
  box.textContent = text;
  box.className = kind;
}

// ---------------------------------------------------------------- the lobby

const BOTS: [string, string][] = [
  ["human", "a person"],
  ["random", "bot: random (no thought)"],
  ["greedy", "bot: greedy (one move ahead)"],
  ["ismcts:easy", "bot: easy"],
  ["ismcts:medium", "bot: medium"],
  ["ismcts:hard", "bot: hard"],
];

// A level's label says how much it searches in this game: each game sets its own levels.
function botLabel(value: string, label: string, g: Json): string {
  const level = value.startsWith("ismcts:") ? value.slice("ismcts:".length) : "";
  const lines = (g.levels ?? {})[level];
  return typeof lines === "number" ? `${label} (searches ${lines.toLocaleString("en")} lines of play a move)` : label;
}

function tokenKey(table: string): string {
  return `sylvan:${table}`;
}

function savedSeat(table: string): { seat: number; token: string } | null {
  const text = localStorage.getItem(tokenKey(table));
  return text ? JSON.parse(text) : null;
}

async function lobby(): Promise<void> {
  document.title = "Sylvan: the tabletop";
  const games = (await api("GET", "/games")).games as Json[];
  const list = el("section", { id: "games", "aria-label": "Games" });
  for (const g of games) {
    const card = el(
      "article",
      { class: "game", "data-game": g.name },
      el("img", { src: `/games/${g.name}/picture.svg`, alt: `${g.title}: the board`, width: "220" }),
      el("h2", {}, g.title),
      el("p", { class: "players" }, g.description ?? `${g.min_players}–${g.max_players} players`),
    );
    const [lead, rest] = splitSummary(g.summary ?? "");
    card.append(el("p", { class: "summary" }, lead));
    // The rest of the summary is folded so every card stays short; a click unfolds it.
    if (rest) card.append(el("details", { class: "more" }, el("summary", {}, "More about the game"), el("p", {}, rest)));
    const start = el("button", { class: "new-table", "data-game": g.name }, `New table of ${g.title}`);
    start.onclick = () => createForm(g);
    card.append(start);
    list.append(card);
  }
  app.replaceChildren(
    el("h1", {}, "Sylvan"),
    el("div", { id: "message", role: "alert" }),
    list,
    el("section", { id: "create" }),
    el("section", { id: "tables", "aria-label": "Tables" }, el("h2", {}, "Open and running tables")),
    el("p", {}, el("a", { href: "/replay" }, "Replay a record file")),
  );
  await tables();
  // Tables others create, join or finish appear without a reload.
  setInterval(() => {
    if (document.visibilityState === "visible") tables().catch(() => undefined);
  }, LOBBY_REFRESH_MS);
}

/** How often the lobby asks for the list of tables again. */
const LOBBY_REFRESH_MS = 3000;

/** The lobby list as last drawn, so an unchanged list is not redrawn (a link being clicked stays put). */
let tablesShown = "";

/**
 * A game's summary split for its lobby card: the first sentences up to about a line or two
 * (cut after a clause when a sentence runs long), and the rest, which the card folds.
 */
function splitSummary(text: string): [string, string] {
  const sentences = text.trim().split(/(?<=[.!?])\s+(?=[A-Z0-9])/);
  let lead = "";
  let i = 0;
  while (i < sentences.length && lead.length < 60) lead = `${lead} ${sentences[i++]}`.trim();
  let rest = sentences.slice(i).join(" ");
  if (lead.length > 200) {
    // Too long for a card: end the lead at the last clause before 200 characters.
    const cut = Math.max(lead.lastIndexOf(": ", 200), lead.lastIndexOf("; ", 200), lead.lastIndexOf(", ", 200));
    if (cut > 60) {
      rest = `…${lead.slice(cut + 1)} ${rest}`.trim();
      lead = `${lead.slice(0, cut + 1)} …`;
    }
  }
  return [lead, rest];
}

async function tables(): Promise<void> {
  const box = document.getElementById("tables") as HTMLElement;
  const all = (await api("GET", "/tables")).tables as Json[];
  const shown = JSON.stringify(all);
  if (shown === tablesShown) return;
  tablesShown = shown;
  const rows = all.map((t) => {
    const seats = (t.seats as SeatInfo[]).map((s) => who(t.seats, s.seat)).join(", ");
    const li = el("li", { "data-table": t.id }, `${t.title} (${t.status}, ${t.players} players: ${seats}) `);
    const free = (t.seats as SeatInfo[]).find((s) => !s.taken);
    if (free) li.append(el("a", { href: `/t/${t.id}?seat=${free.seat}` }, `join as ${seatName(free.seat)}`), " ");
    li.append(el("a", { href: `/t/${t.id}` }, "watch"));
    return li;
  });
  box.replaceChildren(el("h2", {}, "Open and running tables"), rows.length ? el("ul", {}, ...rows) : el("p", {}, "No table yet: start one above."));
}

function optionInput(name: string, value: Json): HTMLElement {
  const id = `opt-${name}`;
  if (typeof value === "boolean") {
    const box = el("input", { id, type: "checkbox", "data-option": name, "data-kind": "bool" });
    (box as HTMLInputElement).checked = value;
    return box;
  }
  if (typeof value === "number") {
    return el("input", { id, type: "number", value: String(value), "data-option": name, "data-kind": "number" });
  }
  const kind = typeof value === "string" ? "string" : "json";
  // An option whose default is "none" (null) shows an empty field, not the word null.
  const text = typeof value === "string" ? value : value === null ? "" : JSON.stringify(value);
  return el("input", { id, type: "text", value: text, "data-option": name, "data-kind": kind, size: "30", placeholder: value === null ? "(none)" : "" });
}

/// A JSON option as typed: a list or number as JSON, any other word as a string ("random").
function jsonOption(name: string, text: string): Json {
  try {
    return JSON.parse(text);
  } catch {
    if (/^[\w\s'&-]+$/.test(text.trim())) return text.trim();
    throw new Error(`option ${name}: "${text}" is neither JSON nor a name`);
  }
}

function createForm(g: Json): void {
  const box = document.getElementById("create") as HTMLElement;
  const players = el("select", { id: "players" });
  for (let n = g.min_players; n <= g.max_players; n++) players.append(el("option", { value: String(n) }, String(n)));
  const seatsBox = el("fieldset", { id: "seats" }, el("legend", {}, "Seats"));
  const drawSeats = () => {
    const n = Number((players as HTMLSelectElement).value);
    seatsBox.replaceChildren(el("legend", {}, "Seats"));
    for (let i = 0; i < n; i++) {
      const sel = el("select", { id: `seat-${i}`, "data-seat": String(i) });
      for (const [v, label] of BOTS) sel.append(el("option", { value: v }, botLabel(v, label, g)));
      if (i > 0) (sel as HTMLSelectElement).value = "ismcts:easy";
      seatsBox.append(el("label", { for: `seat-${i}` }, `${seatName(i)}: `), sel, el("br"));
    }
  };
  players.onchange = drawSeats;
  const help: Record<string, string> = Object.fromEntries((g.option_help ?? []) as [string, string][]);
  const opts = el("fieldset", { id: "options" }, el("legend", {}, "Options"));
  const defaults = (g.options ?? {}) as Record<string, Json>;
  for (const [name, value] of Object.entries(defaults)) {
    opts.append(
      el("label", { for: `opt-${name}` }, `${name}: `),
      optionInput(name, value),
      el("span", { class: "meaning" }, ` ${help[name] ?? "(the rulebook's option; default shown)"}`),
      el("br"),
    );
  }
  if (Object.keys(defaults).length === 0) opts.append(el("p", {}, "This game has no options."));
  const clock = el("select", { id: "clock" },
    el("option", { value: "none" }, "no clock"),
    el("option", { value: "bank" }, "time bank: minutes for the game, plus seconds per decision"),
    el("option", { value: "per_decision" }, "seconds per decision"));
  const minutes = el("input", { id: "clock-minutes", type: "number", value: "10", min: "1" });
  const seconds = el("input", { id: "clock-seconds", type: "number", value: "10", min: "1" });
  const go = el("button", { id: "create-table" }, "Create the table");
  go.onclick = async () => {
    try {
      const n = Number((players as HTMLSelectElement).value);
      const seats = [...Array(n).keys()].map((i) => (document.getElementById(`seat-${i}`) as HTMLSelectElement).value);
      const options: Record<string, Json> = {};
      for (const input of Array.from(opts.querySelectorAll("input")) as HTMLInputElement[]) {
        const name = input.dataset.option as string;
        const kind = input.dataset.kind;
        options[name] = kind === "bool" ? input.checked : kind === "number" ? Number(input.value) : kind === "string" ? input.value : input.value.trim() === "" ? null : jsonOption(name, input.value);
      }
      const c = (clock as HTMLSelectElement).value;
      const m = Number((minutes as HTMLInputElement).value);
      const s = Number((seconds as HTMLInputElement).value);
      const body: Json = { game: g.name, players: n, options, seats };
      if (c === "bank") body.clock = { bank: { bank_ms: m * 60000, increment_ms: s * 1000 } };
      if (c === "per_decision") body.clock = { per_decision: { limit_ms: s * 1000 } };
      const t = await api("POST", "/tables", body);
      invites(t);
      await tables();
    } catch (e) {
      message(`The table was not created: ${(e as Error).message}`);
    }
  };
  box.replaceChildren(
    el("h2", {}, `New table of ${g.title}`),
    el("label", { for: "players" }, "Players: "), players,
    seatsBox, opts,
    el("fieldset", {}, el("legend", {}, "Clock"), clock, el("br"),
      el("label", { for: "clock-minutes" }, "minutes "), minutes,
      el("label", { for: "clock-seconds" }, " seconds "), seconds),
    go,
    el("div", { id: "invites" }),
  );
  drawSeats();
  // The form opens below the games: bring it into view, ready for the keyboard.
  box.scrollIntoView({ block: "start" });
  (players as HTMLSelectElement).focus({ preventScroll: true });
}

function invites(t: Json): void {
  const box = document.getElementById("invites") as HTMLElement;
  const links = (t.seats as SeatInfo[])
    .filter((s) => !s.taken)
    .map((s) => {
      const url = `${location.origin}/t/${t.id}?seat=${s.seat}`;
      return el("li", {}, `${seatName(s.seat)}: `, el("a", { href: url, class: "invite", "data-seat": String(s.seat) }, url));
    });
  box.replaceChildren(
    el("h3", {}, "Invite links, one per seat (send each to its player; open yours)"),
    links.length ? el("ul", {}, ...links) : el("p", {}, "Every seat is a bot: "),
    el("a", { href: `/t/${t.id}`, id: "open-table" }, "Open the table"),
  );
}

// ---------------------------------------------------------------- the table

interface TableState {
  frame: Frame | null;
  log: string[];
  chosen: string | null; // the board element clicked, while its actions are several
  socket: WebSocket | null;
  token: string | null;
}

const table: TableState = { frame: null, log: [], chosen: null, socket: null, token: null };

async function tablePage(id: string): Promise<void> {
  document.title = "Sylvan: a table";
  app.replaceChildren(
    el("p", {}, el("a", { href: "/" }, "← lobby")),
    el("h1", { id: "title" }, "Table"),
    el("div", { id: "message", role: "alert" }),
    el("div", { id: "status", "aria-live": "polite" }),
    // The end of the game shows above the board, where a player's eyes are, not below the fold.
    el("section", { id: "end", "aria-label": "End of the game" }),
    el("div", { id: "layout" },
      el("div", { id: "board", "aria-label": "The board" }),
      el("div", { id: "side" },
        el("section", { id: "actions", "aria-label": "Your actions" }),
        el("section", { id: "seats", "aria-label": "Seats" }),
        el("section", { id: "score", "aria-label": "Scores" }),
        el("section", { id: "controls" }),
        el("section", { id: "log", "aria-label": "Log" }, el("h2", {}, "Log"), el("ol", { id: "log-list" })))),
  );
  const params = new URLSearchParams(location.search);
  const wanted = params.get("seat");
  let saved = savedSeat(id);
  if (!saved && wanted !== null) {
    const name = await askName(Number(wanted));
    try {
      const j = await api("POST", `/tables/${id}/join`, { name, seat: Number(wanted) });
      saved = { seat: j.seat, token: j.token };
      localStorage.setItem(tokenKey(id), JSON.stringify(saved));
    } catch (e) {
      message(`You could not take ${seatName(Number(wanted))}: ${(e as Error).message}. You are watching.`);
    }
  }
  table.token = saved?.token ?? null;
  connect(id);
  (document.getElementById("board") as HTMLElement).addEventListener("click", boardClick);
}

function askName(seat: number): Promise<string> {
  return new Promise((resolve) => {
    const input = el("input", { id: "name", type: "text", value: localStorage.getItem("sylvan:name") ?? "", maxlength: "40" });
    const ok = el("button", { id: "take-seat" }, `Take ${seatName(seat)}`);
    const form = el("form", { id: "join" }, el("label", { for: "name" }, "Your name: "), input, ok);
    form.onsubmit = (ev) => {
      ev.preventDefault();
      const name = (input as HTMLInputElement).value.trim() || "Player";
      localStorage.setItem("sylvan:name", name);
      form.remove();
      resolve(name);
    };
    (document.getElementById("status") as HTMLElement).replaceChildren(form);
    (input as HTMLInputElement).focus();
  });
}

function connect(id: string): void {
  const proto = location.protocol === "https:" ? "wss" : "ws";
  const since = table.frame ? `&since=${table.frame.version}` : "";
  const token = table.token ? `token=${encodeURIComponent(table.token)}` : "";
  const ws = new WebSocket(`${proto}://${location.host}/tables/${id}/ws?${token}${since}`);
  table.socket = ws;
  ws.onmessage = (ev) => {
    const m = JSON.parse(ev.data);
    if (m.type === "frame") {
      draw(m as Frame);
    } else if (m.type === "error") {
      message(`Refused: ${m.message}`);
      if (m.kind === "stale_version") send({ cmd: "sync", since: table.frame?.version ?? 0 });
    }
  };
  ws.onclose = () => {
    if (table.socket !== ws) return;
    if (!table.frame) {
      // Refused before any frame: no such table, or the saved seat's token is not valid here.
      message("This table cannot be opened: there is no such table, or your seat's token is not valid here. Go back to the lobby.");
      return;
    }
    message("The connection to the table was lost; reconnecting…", "info");
    setTimeout(() => connect(id), 1000);
  };
}

function send(m: Json): void {
  if (!table.socket || table.socket.readyState !== WebSocket.OPEN) {
    message("Not connected to the table: wait a moment and try again.");
    return;
  }
  table.socket.send(JSON.stringify(m));
}

function play(l: Legal): void {
  const f = table.frame;
  if (!f) return;
  table.chosen = null;
  message("", "info");
  send({ version: f.version, action: l.action });
}

function mine(f: Frame): boolean {
  return f.seat !== null && f.to_move === f.seat && f.legal.length > 0;
}

function boardClick(ev: MouseEvent): void {
  const f = table.frame;
  if (!f) return;
  if (!mine(f)) {
    message(f.over ? "The game is over." : f.seat === null ? "You are watching: take a free seat to play." : `It is ${who(f.seats, f.to_move ?? 0)}'s turn, not yours.`, "info");
    return;
  }
  // Labels and elements that are not playable now let clicks through (style.css), so the
  // element hit is the playable one under the pointer, if any.
  const hit = (ev.target as Element).closest("[data-target]");
  if (!hit) {
    message("Nothing to do there: click a highlighted element, or choose an action from the list.", "info");
    return;
  }
  const target = hit.getAttribute("data-target") as string;
  const actions = f.legal.filter((l) => (l.targets ?? []).includes(target));
  if (actions.length === 0) {
    message(`Nothing can be done with ${target} now: choose a highlighted element or an action from the list.`, "info");
  } else if (actions.length === 1) {
    play(actions[0]);
  } else {
    table.chosen = target;
    message(`${actions.length} actions on ${target}: choose one below.`, "info");
    drawActions(f);
  }
}

function drawActions(f: Frame): void {
  const box = document.getElementById("actions") as HTMLElement;
  if (!mine(f)) {
    box.replaceChildren();
    return;
  }
  const narrowed = table.chosen ? f.legal.filter((l) => (l.targets ?? []).includes(table.chosen as string)) : f.legal;
  const list = el("ol", { id: "action-list" });
  narrowed.forEach((l) => {
    const b = el("button", { class: "action", "data-index": String(f.legal.indexOf(l)) }, l.text);
    b.onclick = () => play(l);
    list.append(el("li", {}, b));
  });
  const head = el("h2", {}, table.chosen ? `Actions on ${table.chosen}` : "Your actions");
  box.replaceChildren(head, list);
  if (table.chosen) {
    const all = el("button", { id: "all-actions" }, "Show every action");
    all.onclick = () => {
      table.chosen = null;
      drawActions(f);
    };
    box.append(all);
  }
}

function highlight(f: Frame): void {
  const board = document.getElementById("board") as HTMLElement;
  const targets = new Set(mine(f) ? f.legal.flatMap((l) => l.targets ?? []) : []);
  for (const e of Array.from(board.querySelectorAll("[data-target]"))) {
    e.classList.toggle("playable", targets.has(e.getAttribute("data-target") as string));
    e.classList.toggle("chosen", e.getAttribute("data-target") === table.chosen);
  }
}

/// The score breakdown: a row per seat (and per non-seat score such as Wispwood's Catty), or,
/// when there are more categories than fit across (Wispwood's rounds times goals), a column per
/// seat so the table stays narrow. A category a row does not have shows "–".
function scoreTable(score: Json, seats: SeatInfo[]): HTMLElement {
  type Row = { name: string; cells: Json; total: number; seat: number | null };
  const rows: Row[] = (score.scores as number[]).map((total, i) => ({ name: who(seats, i), cells: score.breakdown[i] ?? {}, total, seat: i }));
  for (const o of (score.others ?? []) as Json[]) rows.push({ name: String(o.name), cells: o.breakdown ?? {}, total: o.total as number, seat: null });
  const cats: string[] = [];
  for (const r of rows) for (const c of Object.keys(r.cells)) if (!cats.includes(c)) cats.push(c);
  const cell = (r: Row, c: string) => el("td", {}, c in r.cells ? String(r.cells[c]) : "–");
  const seatAttr = (r: Row): Record<string, string> => (r.seat === null ? { class: "other" } : { "data-seat": String(r.seat) });
  if (cats.length > 6) {
    const head = el("tr", {}, el("th", {}, "Category"), ...rows.map((r) => el("th", seatAttr(r), r.name)));
    const body = cats.map((c) => el("tr", {}, el("th", {}, c), ...rows.map((r) => cell(r, c))));
    body.push(el("tr", { class: "total" }, el("th", {}, "Total"), ...rows.map((r) => el("td", { class: "total" }, String(r.total)))));
    return el("table", { class: "score tall" }, el("thead", {}, head), el("tbody", {}, ...body));
  }
  const head = el("tr", {}, el("th", {}, "Seat"), ...cats.map((c) => el("th", {}, c)), el("th", {}, "Total"));
  const body = rows.map((r) => el("tr", seatAttr(r), el("th", {}, r.name), ...cats.map((c) => cell(r, c)), el("td", { class: "total" }, String(r.total))));
  return el("table", { class: "score" }, el("thead", {}, head), el("tbody", {}, ...body));
}

function clockText(f: Frame, i: number): string {
  const c = f.clocks;
  if (!c) return "";
  let ms = c.remaining_ms[i] as number;
  if (c.running === i && c.deadline_ms) ms = Math.max(0, c.deadline_ms - (c.now_ms + (Date.now() - received)));
  const s = Math.ceil(ms / 1000);
  // Words, not the stopwatch glyph: the fonts on many machines (Debian's among them) lack it.
  return ` — clock ${Math.floor(s / 60)}:${String(s % 60).padStart(2, "0")}${c.running === i ? " (running)" : ""}`;
}

let received = Date.now();

function drawSeats(f: Frame): void {
  const box = document.getElementById("seats") as HTMLElement;
  const items = f.seats.map((s, i) => {
    const flags = [
      f.to_move === i ? "to move" : "",
      s.bot ? "" : f.present?.[i] ? "here" : s.taken ? "away" : "free",
      s.zombie && !s.resigned ? "a bot plays for them" : "",
      s.resigned ? "resigned" : "",
      f.seat === i ? "you" : "",
    ].filter((x) => x);
    return el("li", { class: f.to_move === i ? "seat moving" : "seat", "data-seat": String(i) }, flags.length ? `${who(f.seats, i)}: ${flags.join(", ")}` : who(f.seats, i), el("span", { class: "clock" }, clockText(f, i)));
  });
  box.replaceChildren(el("h2", {}, "Seats"), el("ul", {}, ...items));
}

function drawControls(f: Frame): void {
  const box = document.getElementById("controls") as HTMLElement;
  box.replaceChildren();
  if (f.seat === null || f.over) return;
  const undo = el("button", { id: "undo" }, "Undo my last decision");
  (undo as HTMLButtonElement).disabled = !f.can_undo;
  undo.onclick = () => send({ cmd: "undo", version: table.frame?.version ?? 0 });
  const resign = el("button", { id: "resign" }, "Resign");
  resign.onclick = () => {
    if (confirm("Resign? You will rank last.")) send({ cmd: "resign" });
  };
  const leave = el("button", { id: "leave" }, "Leave (a bot plays until you return)");
  leave.onclick = () => {
    send({ cmd: "leave" });
    setTimeout(() => (location.href = "/"), 200);
  };
  box.append(undo, " ", resign, " ", leave);
}

function statusLine(f: Frame): string {
  if (f.over) {
    const winners = ((f.result?.winners ?? []) as number[]).map((i) => who(f.seats, i));
    return winners.length ? `The game is over: ${winners.join(" and ")} won.` : "The game is over.";
  }
  if (f.to_move === null) return "Waiting…";
  const deciding = typeof f.view?.deciding === "string" ? `: ${f.view.deciding}` : "";
  if (mine(f)) return `Your turn${deciding}. Choose one of ${f.legal.length} action${f.legal.length === 1 ? "" : "s"}.`;
  const free = f.seats.some((s) => !s.taken);
  return `${who(f.seats, f.to_move)} is to move${deciding}.${free ? " Waiting for players to take the free seats." : ""}`;
}

function endOfGame(f: Frame): void {
  const box = document.getElementById("end") as HTMLElement;
  if (!f.over || !f.result) {
    box.replaceChildren();
    return;
  }
  const r = f.result;
  const winners = (r.winners as number[]).map((i) => who(f.seats, i)).join(" and ");
  const lines: (Node | string)[] = [el("h2", {}, "End of the game"), el("p", { id: "winners" }, `Winner${r.winners.length > 1 ? "s" : ""}: ${winners}.`)];
  if (r.ended_by === "resignation") lines.push(el("p", {}, `Ended by resignation (${(r.resigned as number[]).map((i) => who(f.seats, i)).join(", ")}).`));
  if (f.score) {
    const totals = f.score.scores as number[];
    const top = Math.max(...totals);
    const tied = totals.filter((t) => t === top).length;
    if (r.ended_by === "game" && tied > r.winners.length) lines.push(el("p", { id: "tiebreak" }, `${tied} seats tied on ${top} points; the rulebook's tie-break decided.`));
    else if (r.ended_by === "game" && tied > 1) lines.push(el("p", { id: "tiebreak" }, `${tied} seats tied on ${top} points and the tie-break did not separate them: they share the win.`));
    lines.push(scoreTable(f.score, f.seats));
  }
  lines.push(el("p", {}, "Ranking: " + (r.ranking as number[]).map((i, k) => `${k + 1}. ${who(f.seats, i)}`).join("; ")));
  const rematch = el("button", { id: "rematch" }, "Rematch with the same seats");
  rematch.onclick = async () => {
    try {
      const t = await api("POST", `/tables/${f.table}/rematch`);
      goRematch(t.id as string);
    } catch (e) {
      message(`No rematch: ${(e as Error).message}`);
    }
  };
  lines.push(rematch, " ", el("a", { href: `/replay/${f.table}`, id: "replay-link" }, "Replay this game"));
  if (f.rematch) {
    const go = el("button", { id: "join-rematch" }, "Join the rematch");
    go.onclick = () => goRematch(f.rematch as string);
    lines.push(" ", go);
  }
  box.replaceChildren(...lines);
}

function goRematch(id: string): void {
  const f = table.frame;
  location.href = f && f.seat !== null ? `/t/${id}?seat=${f.seat}` : `/t/${id}`;
}

function draw(f: Frame): void {
  received = Date.now();
  const old = table.frame;
  if (old && old.version !== f.version) table.chosen = null;
  table.frame = f;
  for (const e of f.events) for (const line of e.events) table.log.push(`${e.version}. ${line}`);
  const title = f.title ?? f.game;
  document.title = `Sylvan: ${title}${mine(f) ? " (your turn)" : ""}`;
  (document.getElementById("title") as HTMLElement).textContent = `${title} — ${f.seat === null ? "watching" : `you are ${seatName(f.seat)}`}`;
  (document.getElementById("status") as HTMLElement).textContent = statusLine(f);
  (document.getElementById("board") as HTMLElement).innerHTML = f.svg ?? "<p>This game has no drawing.</p>";
  (document.getElementById("board") as HTMLElement).dataset.version = String(f.version);
  highlight(f);
  drawActions(f);
  drawSeats(f);
  const score = document.getElementById("score") as HTMLElement;
  score.replaceChildren(...(f.score ? [el("h2", {}, "Scores"), scoreTable(f.score, f.seats)] : []));
  drawControls(f);
  const log = document.getElementById("log-list") as HTMLElement;
  log.replaceChildren(...table.log.slice(-200).map((l) => el("li", {}, l)));
  log.scrollTop = log.scrollHeight;
  endOfGame(f);
  if (f.over && old && !old.over) (document.getElementById("end") as HTMLElement).scrollIntoView({ block: "nearest" });
}

setInterval(() => {
  if (table.frame?.clocks) drawSeats(table.frame);
}, 1000);

// ---------------------------------------------------------------- replays

type Icon = "first" | "back" | "forward" | "last";

const KEYS: Record<Icon, string> = { first: "Home", back: "←", forward: "→", last: "End" };

/** The replay buttons' icons, drawn: the fonts on many machines lack the media glyphs (⏮ ⏭). */
function icon(kind: Icon): SVGSVGElement {
  const ns = "http://www.w3.org/2000/svg";
  const shapes: Record<Icon, string> = {
    first: "M1 1h2v10H1z M11 1 3 6l8 5z",
    back: "M10 1 2 6l8 5z",
    forward: "M2 1l8 5-8 5z",
    last: "M1 1l8 5-8 5z M9 1h2v10H9z",
  };
  const svg = document.createElementNS(ns, "svg");
  for (const [k, v] of Object.entries({ viewBox: "0 0 12 12", width: "0.8em", height: "0.8em", "aria-hidden": "true", class: "icon" })) svg.setAttribute(k, v);
  const path = document.createElementNS(ns, "path");
  path.setAttribute("d", shapes[kind]);
  path.setAttribute("fill", "currentColor");
  svg.append(path);
  return svg;
}

async function replayPage(id: string | null): Promise<void> {
  document.title = "Sylvan: replay";
  let record: Json = null;
  app.replaceChildren(
    el("p", {}, el("a", { href: "/" }, "← lobby")),
    el("h1", {}, "Replay"),
    el("div", { id: "message", role: "alert" }),
    el("div", { id: "replay-controls" }),
    el("div", { id: "layout" }, el("div", { id: "board" }), el("div", { id: "side" }, el("section", { id: "score" }), el("section", { id: "log" }))),
  );
  const controls = document.getElementById("replay-controls") as HTMLElement;
  if (id) {
    try {
      record = (await api("GET", `/tables/${id}/record`)).record;
    } catch (e) {
      message(`No replay: ${(e as Error).message}`);
      return;
    }
  } else {
    const file = el("input", { id: "record-file", type: "file", accept: ".json,application/json" });
    controls.append(el("label", { for: "record-file" }, "A record file (from sylvan play --record, sim --record or a finished table): "), file);
    await new Promise<void>((resolve) => {
      file.onchange = async () => {
        const f = (file as HTMLInputElement).files?.[0];
        if (!f) return;
        try {
          record = JSON.parse(await f.text());
          resolve();
        } catch (e) {
          message(`That file is not a record: ${(e as Error).message}`);
        }
      };
    });
  }
  const total = (record.actions as Json[]).length;
  let at = total;
  // Who sat where, as the record names them (a person's name or a bot's spec).
  const seats: SeatInfo[] = ((record.seats ?? []) as string[]).map((name, seat) => ({ seat, name, bot: null, taken: true, zombie: false, resigned: false }));
  const viewer = el("select", { id: "viewer" }, el("option", { value: "spectator" }, "a spectator"));
  for (let i = 0; i < record.players; i++) viewer.append(el("option", { value: String(i) }, who(seats, i)));
  const step = el("span", { id: "step" });
  const go = (to: number) => {
    at = Math.max(0, Math.min(total, to));
    void show();
  };
  const button = (kind: Icon, label: string, to: () => number) => {
    const b = el("button", { id: kind, title: `${label} (keyboard: ${KEYS[kind]})` }, icon(kind), ` ${label}`);
    b.onclick = () => go(to());
    return b;
  };
  controls.replaceChildren(
    button("first", "start", () => 0), " ",
    button("back", "back", () => at - 1), " ",
    button("forward", "forward", () => at + 1), " ",
    button("last", "end", () => total), " ",
    el("label", { for: "viewer" }, " as "), viewer, " ", step);
  viewer.onchange = () => show();
  document.addEventListener("keydown", (ev) => {
    if (ev.target instanceof HTMLSelectElement || ev.target instanceof HTMLInputElement) return;
    const moves: Record<string, number> = { ArrowLeft: at - 1, ArrowRight: at + 1, Home: 0, End: total };
    const to = moves[ev.key];
    if (to === undefined) return;
    ev.preventDefault();
    go(to);
  });
  const show = async () => {
    try {
      const v = (viewer as HTMLSelectElement).value;
      const p = await api("POST", `/replay?at=${at}&viewer=${v}`, record);
      step.textContent = `decision ${at} of ${total}`;
      (document.getElementById("board") as HTMLElement).innerHTML = p.svg ?? "<p>This game has no drawing.</p>";
      (document.getElementById("board") as HTMLElement).dataset.version = String(at);
      const score = document.getElementById("score") as HTMLElement;
      score.replaceChildren(el("h2", {}, p.score.over ? "Final scores" : "Scores"), scoreTable(p.score, seats));
      (document.getElementById("log") as HTMLElement).replaceChildren(el("h2", {}, `Decision ${at}`), el("ul", {}, ...(p.events as string[]).map((e) => el("li", {}, e))));
      message("", "info");
    } catch (e) {
      message(`This step cannot be shown: ${(e as Error).message}`);
    }
  };
  await show();
}

// ---------------------------------------------------------------- routes

const path = location.pathname;
const tableMatch = path.match(/^\/t\/([0-9a-f]+)$/);
const replayMatch = path.match(/^\/replay(?:\/([0-9a-f]+))?$/);
if (tableMatch) void tablePage(tableMatch[1]);
else if (replayMatch) void replayPage(replayMatch[1] ?? null);
else void lobby();

// For people debugging in the console, and for the browser tests: the page's current frame.
(window as Json).sylvan = { table, send, play };

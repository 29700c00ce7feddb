//! The browser tabletop in a real headless Chromium (Debian's), driven over the DevTools
//! protocol with the WebSocket client the server already uses: for every game a person plays
//! a whole game against a bot by clicking; two browsers at one table see each other's moves; a
//! reload resumes the seat; a spectator's page receives only the spectator's view (Midnight
//! Duel); bad clicks and stale pages get a clear message. Screenshots of each game's table are
//! kept in `target/browser-artifacts/`. `.ci/run` installs Chromium; without it this test fails
//! and says so (`SYLVAN_NO_BROWSER=1` skips it knowingly).

use std::io::BufRead;
use std::net::SocketAddr;
use std::path::PathBuf;
use std::process::{Child, Command, Stdio};
use std::time::{Duration, Instant};

use futures_util::{SinkExt, StreamExt};
use serde_json::{json, Value};
use sylvan_catalog::{Catalog, Record, Viewer};
use sylvan_server::client::request;
use sylvan_server::testing::{create_table, start_in_process, Scratch};
use tokio_tungstenite::tungstenite::Message;

type Socket =
    tokio_tungstenite::WebSocketStream<tokio_tungstenite::MaybeTlsStream<tokio::net::TcpStream>>;

const WAIT: Duration = Duration::from_secs(30);

/// A headless Chromium and one DevTools connection to it.
struct Browser {
    child: Child,
    socket: Socket,
    next: u64,
    _profile: Scratch,
}

/// One tab, in its own browser context (its own storage, like another person's browser).
#[derive(Clone)]
struct Tab {
    session: String,
}

impl Drop for Browser {
    fn drop(&mut self) {
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}

impl Browser {
    async fn start() -> Option<Browser> {
        if std::env::var_os("SYLVAN_NO_BROWSER").is_some() {
            eprintln!("SYLVAN_NO_BROWSER is set: the browser tests did NOT run");
            return None;
        }
        let profile = Scratch::new("chromium");
        let mut child = Command::new("chromium")
            .args([
                "--headless",
                "--no-sandbox",
                "--disable-gpu",
                "--no-first-run",
                "--disable-background-networking",
                "--disable-component-update",
                "--disable-sync",
                "--remote-debugging-port=0",
                "--window-size=1280,900",
            ])
            .arg(format!("--user-data-dir={}", profile.0.display()))
            .arg("about:blank")
            .stdout(Stdio::null())
            .stderr(Stdio::piped())
            .spawn()
            .unwrap_or_else(|e| {
                panic!("Chromium is needed (apt-get install chromium; .ci/run does): {e}")
            });
        let stderr = child.stderr.take().expect("piped");
        let url = tokio::task::spawn_blocking(move || {
            for line in std::io::BufReader::new(stderr).lines() {
                let line = line.ok()?;
                if let Some(url) = line.split("listening on ").nth(1) {
                    return Some(url.trim().to_string());
                }
            }
            None
        })
        .await
        .expect("joined")
        .expect("Chromium prints its DevTools address");
        let (socket, _) = tokio_tungstenite::connect_async(url.as_str())
            .await
            .expect("DevTools connects");
        Some(Browser {
            child,
            socket,
            next: 0,
            _profile: profile,
        })
    }

    /// Sends a DevTools command (to a tab's session, or the browser) and waits for its answer.
    async fn call(&mut self, session: Option<&str>, method: &str, params: Value) -> Value {
        self.next += 1;
        let id = self.next;
        let mut m = json!({"id": id, "method": method, "params": params});
        if let Some(s) = session {
            m["sessionId"] = json!(s);
        }
        self.socket
            .send(Message::Text(m.to_string().into()))
            .await
            .expect("DevTools send");
        loop {
            let msg = tokio::time::timeout(WAIT, self.socket.next())
                .await
                .expect("DevTools answers")
                .expect("DevTools open")
                .expect("DevTools message");
            if let Message::Text(t) = msg {
                let v: Value = serde_json::from_str(&t).expect("JSON");
                if v["id"] == id {
                    assert!(v.get("error").is_none(), "{method}: {v}");
                    return v["result"].clone();
                }
            }
        }
    }

    async fn tab(&mut self, url: &str) -> Tab {
        let context = self
            .call(None, "Target.createBrowserContext", json!({}))
            .await["browserContextId"]
            .clone();
        let target = self
            .call(
                None,
                "Target.createTarget",
                json!({"url": "about:blank", "browserContextId": context}),
            )
            .await["targetId"]
            .clone();
        let session = self
            .call(
                None,
                "Target.attachToTarget",
                json!({"targetId": target, "flatten": true}),
            )
            .await["sessionId"]
            .as_str()
            .expect("a session")
            .to_string();
        let tab = Tab { session };
        self.call(
            Some(&tab.session),
            "Emulation.setDeviceMetricsOverride",
            json!({"width": 1280, "height": 900, "deviceScaleFactor": 1, "mobile": false}),
        )
        .await;
        self.go(&tab, url).await;
        tab
    }

    async fn go(&mut self, tab: &Tab, url: &str) {
        self.call(Some(&tab.session), "Page.navigate", json!({"url": url}))
            .await;
        self.wait_for(
            tab,
            "document.readyState === 'complete' && !!document.getElementById('message')",
        )
        .await;
    }

    /// The value of a JavaScript expression in the tab.
    async fn eval(&mut self, tab: &Tab, expr: &str) -> Value {
        let r = self
            .call(
                Some(&tab.session),
                "Runtime.evaluate",
                json!({"expression": expr, "returnByValue": true, "awaitPromise": true}),
            )
            .await;
        assert!(
            r.get("exceptionDetails").is_none(),
            "{expr}: {}",
            r["exceptionDetails"]
        );
        r["result"]["value"].clone()
    }

    async fn wait_for(&mut self, tab: &Tab, expr: &str) -> Value {
        let start = Instant::now();
        loop {
            let v = self
                .eval(
                    tab,
                    &format!(
                        "(() => {{ try {{ return {expr}; }} catch (e) {{ return null; }} }})()"
                    ),
                )
                .await;
            if !(v.is_null() || v == false) {
                return v;
            }
            assert!(start.elapsed() < WAIT, "waited {WAIT:?} for {expr}");
            tokio::time::sleep(Duration::from_millis(15)).await;
        }
    }

    /// A real mouse click at the centre of the `index`th element matching `selector`.
    async fn click(&mut self, tab: &Tab, selector: &str, index: usize) {
        let at = self
            .eval(
                tab,
                &format!(
                    "(() => {{ const e = document.querySelectorAll({sel})[{index}]; \
                     if (!e) return null; e.scrollIntoView({{block: 'center'}}); \
                     const r = e.getBoundingClientRect(); return [r.x + r.width / 2, r.y + r.height / 2]; }})()",
                    sel = json!(selector)
                ),
            )
            .await;
        let (x, y) = (at[0].as_f64().expect("x"), at[1].as_f64().expect("y"));
        for kind in ["mousePressed", "mouseReleased"] {
            self.call(
                Some(&tab.session),
                "Input.dispatchMouseEvent",
                json!({"type": kind, "x": x, "y": y, "button": "left", "clickCount": 1}),
            )
            .await;
        }
    }

    async fn screenshot(&mut self, tab: &Tab, name: &str) -> PathBuf {
        let r = self
            .call(
                Some(&tab.session),
                "Page.captureScreenshot",
                json!({"format": "png"}),
            )
            .await;
        let png = base64_decode(r["data"].as_str().expect("data"));
        assert!(png.starts_with(b"\x89PNG"), "a PNG");
        let dir = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../../target/browser-artifacts");
        std::fs::create_dir_all(&dir).expect("artifacts folder");
        let path = dir.join(format!("{name}.png"));
        std::fs::write(&path, png).expect("screenshot written");
        path
    }
}

fn base64_decode(text: &str) -> Vec<u8> {
    let value = |c: u8| match c {
        b'A'..=b'Z' => c - b'A',
        b'a'..=b'z' => c - b'a' + 26,
        b'0'..=b'9' => c - b'0' + 52,
        b'+' => 62,
        _ => 63,
    };
    let bytes: Vec<u8> = text.bytes().filter(|&c| c != b'=').map(value).collect();
    bytes
        .chunks(4)
        .flat_map(|c| {
            let n = c.iter().fold(0u32, |n, &v| (n << 6) | u32::from(v)) << (6 * (4 - c.len()));
            let all = [(n >> 16) as u8, (n >> 8) as u8, n as u8];
            all.into_iter().take(c.len().saturating_sub(1))
        })
        .collect()
}

/// Takes seat `seat` from the invite link's page: types a name and clicks the button.
async fn take_seat(b: &mut Browser, addr: SocketAddr, id: &str, seat: u8, name: &str) -> Tab {
    let tab = b.tab(&format!("http://{addr}/t/{id}?seat={seat}")).await;
    b.wait_for(&tab, "!!document.getElementById('take-seat')")
        .await;
    b.eval(
        &tab,
        &format!("document.getElementById('name').value = {}", json!(name)),
    )
    .await;
    b.click(&tab, "#take-seat", 0).await;
    b.wait_for(
        &tab,
        &format!("window.sylvan.table.frame && window.sylvan.table.frame.seat === {seat}"),
    )
    .await;
    tab
}

/// The distinct characters outside ASCII in the page's own words (its buttons, lists, titles
/// and tooltips; the game's drawing is the game's).
const PAGE_CHARS: &str = "(() => { const c = document.body.cloneNode(true); \
    c.querySelectorAll('#board, script').forEach((e) => e.remove()); \
    const text = c.textContent + Array.from(document.querySelectorAll('[title]')).map((e) => e.title).join(' '); \
    return Array.from(new Set(Array.from(text).filter((ch) => ch.codePointAt(0) > 0x7e))).join(''); })()";

/// Whether some installed font draws `ch` (fontconfig's `fc-list`); `None` without fontconfig.
fn some_font_has(ch: char) -> Option<bool> {
    let out = Command::new("fc-list")
        .arg(format!(":charset={:x}", u32::from(ch)))
        .arg("family")
        .output()
        .ok()?;
    Some(out.status.success() && !out.stdout.is_empty())
}

/// Every character of the page's own words is drawn by an installed font, not as a box (the
/// replay's ⏮ ⏭ and the clock's ⏱ were). Without fontconfig, the blocks plain Debian fonts
/// lack (Miscellaneous Technical, emoji) are refused.
async fn assert_no_missing_glyphs(b: &mut Browser, tab: &Tab, page: &str) {
    let chars = b.eval(tab, PAGE_CHARS).await;
    let chars = chars.as_str().expect("text");
    let missing: String = chars
        .chars()
        .filter(|&ch| {
            some_font_has(ch).map_or_else(
                || matches!(u32::from(ch), 0x2300..=0x23ff | 0x1f000..),
                |has| !has,
            )
        })
        .collect();
    assert!(
        missing.is_empty(),
        "{page}: no installed font draws {missing:?}, so the page shows boxes"
    );
}

fn version_of(v: &Value) -> u64 {
    v.as_u64().expect("a version")
}

/// How a person played a whole game: clicks on the board and on the action buttons.
#[derive(Debug, Default)]
struct Clicks {
    board: u64,
    buttons: u64,
}

/// The board targets the page highlights now, each with whether a real click at its centre
/// lands on it (nothing drawn over it): scrolled into view one by one, as a person would.
const PLAYABLE: &str = "Array.from(document.querySelectorAll('#board [data-target].playable')).map((e) => { \
    e.scrollIntoView({block: 'center', inline: 'center'}); const r = e.getBoundingClientRect(); \
    const hit = document.elementFromPoint(r.x + r.width / 2, r.y + r.height / 2); \
    const on = hit && hit.closest('[data-target]'); \
    return {id: e.getAttribute('data-target'), reached: !!on && on.getAttribute('data-target') === e.getAttribute('data-target')}; })";

/// Plays the tab's seat to the end, as a person would: on most decisions a click on a
/// highlighted board element (then, if it narrowed to several actions, a button among those),
/// otherwise an action button. Every highlighted element must be reachable by a click.
async fn play_to_the_end(b: &mut Browser, tab: &Tab, game: &str) -> Clicks {
    let mut clicks = Clicks::default();
    loop {
        let state = b
            .wait_for(
                tab,
                &format!(
                    "(() => {{ const f = window.sylvan.table.frame; if (!f) return null; \
                     const n = document.querySelectorAll('button.action').length; \
                     if (f.over) return {{over: true}}; \
                     if (n > 0 && Number(document.getElementById('board').dataset.version) === f.version) \
                       return {{over: false, n, version: f.version, targets: {PLAYABLE}}}; return null; }})()"
                ),
            )
            .await;
        if state["over"] == true {
            return clicks;
        }
        let n = state["n"].as_u64().expect("n") as usize;
        let version = version_of(&state["version"]);
        let targets = state["targets"].as_array().expect("targets");
        for t in targets {
            if t["reached"] != true {
                b.screenshot(tab, &format!("{game}-covered-target")).await;
                panic!(
                    "{game}: the drawn target {} can't be clicked (something covers its centre) at version {version}",
                    t["id"]
                );
            }
        }
        // Most decisions by the board, some by the list; the first chance always by the board.
        if !targets.is_empty() && (clicks.board == 0 || !version.is_multiple_of(4)) {
            let pick = (version as usize * 7 + 3) % targets.len();
            b.click(tab, "#board [data-target].playable", pick).await;
            clicks.board += 1;
            let after = b
                .wait_for(
                    tab,
                    &format!("(() => {{ const f = window.sylvan.table.frame; \
                              if (f.version > {version} || f.over) return 'played'; \
                              if (document.getElementById('all-actions')) return 'narrowed'; return null; }})()"),
                )
                .await;
            if after == "narrowed" {
                let m = b
                    .eval(tab, "document.querySelectorAll('button.action').length")
                    .await
                    .as_u64()
                    .expect("buttons") as usize;
                assert!(m > 1, "{game}: a click narrowed to {m} actions");
                b.click(tab, "button.action", (version as usize * 5 + 1) % m)
                    .await;
                clicks.buttons += 1;
            }
        } else {
            b.click(tab, "button.action", (version as usize * 7 + 3) % n)
                .await;
            clicks.buttons += 1;
        }
        if clicks.board + clicks.buttons == 6 {
            b.screenshot(tab, game).await;
        }
        assert!(
            clicks.board + clicks.buttons < 5000,
            "{game}: no end after {clicks:?}"
        );
        b.wait_for(
            tab,
            &format!("(() => {{ const f = window.sylvan.table.frame; return f.version > {version} || f.over; }})()"),
        )
        .await;
    }
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn people_play_every_game_in_the_browser() {
    let Some(mut b) = Browser::start().await else {
        return;
    };
    let scratch = Scratch::new("browser");
    let addr = start_in_process(Catalog::standard(), &scratch.sqlite()).await;

    // The lobby lists every game with its picture and creates a table from the form.
    let lobby = b.tab(&format!("http://{addr}/")).await;
    let names = b
        .wait_for(&lobby, "document.querySelectorAll('article.game').length >= 5 && Array.from(document.querySelectorAll('article.game')).map(a => a.dataset.game)")
        .await;
    let games: Vec<String> = names
        .as_array()
        .expect("names")
        .iter()
        .map(|n| n.as_str().expect("name").to_string())
        .collect();
    // Each game tells a newcomer what it is about: a sentence or two on its card, the rest
    // folded (closed until clicked), so the cards stay short.
    let summaries = b
        .eval(
            &lobby,
            "Array.from(document.querySelectorAll('article.game')).map(a => ({game: a.dataset.game, \
              lead: a.querySelector('.summary').innerText, \
              more: a.querySelector('details.more') ? a.querySelector('details.more p').textContent : '', \
              open: !!a.querySelector('details.more[open]'), height: a.getBoundingClientRect().height}))",
        )
        .await;
    let catalog = Catalog::standard();
    for card in summaries.as_array().expect("summaries") {
        let game = card["game"].as_str().expect("a game");
        let lead = card["lead"].as_str().expect("text");
        let more = card["more"].as_str().expect("text");
        assert!(
            (20..=210).contains(&lead.chars().count()),
            "{game}: the card's lead is {} characters: {lead}",
            lead.chars().count()
        );
        assert_eq!(card["open"], json!(false), "{game}: the rest starts folded");
        let words = |t: &str| -> Vec<String> {
            t.split_whitespace()
                .map(|w| w.trim_matches('…').to_string())
                .filter(|w| !w.is_empty())
                .collect()
        };
        let summary = catalog.get(game).expect("a game").summary();
        assert_eq!(
            words(&format!("{lead} {more}")),
            words(summary),
            "{game}: the lead and the folded rest are the whole summary"
        );
        assert!(
            summary.len() <= 200 || !more.is_empty(),
            "{game}: a long summary is folded"
        );
        let height = card["height"].as_f64().expect("height");
        assert!(height < 480.0, "{game}: the card is {height} px tall");
    }
    b.click(&lobby, "details.more summary", 0).await;
    assert_eq!(
        b.eval(
            &lobby,
            "document.querySelectorAll('details.more[open]').length"
        )
        .await,
        json!(1),
        "a click unfolds the rest of a summary"
    );
    assert_eq!(games.len(), Catalog::standard().names().len());

    // The list of tables refreshes by itself: a table created elsewhere appears, no reload.
    b.eval(&lobby, "window.notReloaded = true").await;
    let elsewhere = create_table(
        addr,
        json!({"game": games[0], "players": 2, "seats": ["human", "random"]}),
    )
    .await;
    b.wait_for(
        &lobby,
        &format!("window.notReloaded && !!document.querySelector('#tables li[data-table=\"{elsewhere}\"]')"),
    )
    .await;
    assert_no_missing_glyphs(&mut b, &lobby, "the lobby").await;
    b.click(&lobby, "button.new-table", 0).await;
    b.wait_for(&lobby, "!!document.getElementById('create-table')")
        .await;
    // The form opens below the cards: it is brought into view.
    let top = b
        .eval(
            &lobby,
            "(() => { const r = document.getElementById('create').getBoundingClientRect(); return [r.top, innerHeight]; })()",
        )
        .await;
    assert!(
        top[0].as_f64().expect("top") >= -1.0 && top[0].as_f64() < top[1].as_f64(),
        "the new table form is out of view: {top}"
    );
    assert_eq!(
        b.eval(
            &lobby,
            "Array.from(document.querySelectorAll('#create input')).filter(i => i.value === 'null').length"
        )
        .await,
        json!(0),
        "an option without a value shows an empty field, not the word null"
    );
    // A bot level says how much it searches in this game.
    let hard = b
        .eval(
            &lobby,
            "document.querySelector('#seat-1 option[value=\"ismcts:hard\"]').textContent",
        )
        .await;
    let hard = hard.as_str().unwrap_or_default();
    assert!(
        hard.starts_with("bot: hard (searches ") && hard.ends_with(" lines of play a move)"),
        "{hard}"
    );
    b.click(&lobby, "#create-table", 0).await;
    let invite = b
        .wait_for(
            &lobby,
            "document.querySelector('a.invite') && document.querySelector('a.invite').href",
        )
        .await;
    assert!(invite.as_str().expect("link").contains("/t/"), "{invite}");
    b.screenshot(&lobby, "lobby").await;

    for game in &games {
        let id = create_table(
            addr,
            json!({"game": game, "players": 2, "seed": 11, "seats": ["human", "random"]}),
        )
        .await;
        let tab = take_seat(&mut b, addr, &id, 0, "Ann").await;
        let clicks = play_to_the_end(&mut b, &tab, game).await;
        let end = b
            .wait_for(
                &tab,
                "document.getElementById('winners') && document.getElementById('end').innerText",
            )
            .await;
        let end = end.as_str().expect("text");
        assert!(
            end.contains("End of the game") && end.contains("Winner"),
            "{end}"
        );
        assert!(
            b.eval(
                &tab,
                "document.querySelectorAll('#end table.score [data-seat]').length"
            )
            .await
                == 2,
            "the final breakdown has a row or a column per seat"
        );
        b.screenshot(&tab, &format!("{game}-end")).await;
        // The end shows above the board and in view, and the status line names the winner.
        let end = b
            .eval(
                &tab,
                "({above: !!(document.getElementById('end').compareDocumentPosition(document.getElementById('layout')) & Node.DOCUMENT_POSITION_FOLLOWING), \
                  top: document.getElementById('end').getBoundingClientRect().top, height: innerHeight, \
                  status: document.getElementById('status').innerText, \
                  winners: window.sylvan.table.frame.result.winners.map((i) => window.sylvan.table.frame.seats[i])})",
            )
            .await;
        assert_eq!(
            end["above"],
            json!(true),
            "{game}: the end is below the board"
        );
        assert!(
            end["top"].as_f64() < end["height"].as_f64() && end["top"].as_f64() >= Some(-1.0),
            "{game}: the end of the game is out of view: {end}"
        );
        let status = end["status"].as_str().expect("status");
        assert!(
            status.starts_with("The game is over: ") && status.ends_with(" won."),
            "{game}: {status}"
        );
        let first = &end["winners"][0];
        let named = first["name"]
            .as_str()
            .or(first["bot"].as_str())
            .expect("a name");
        assert!(
            status.contains(named),
            "{game}: {status} does not name {named}"
        );
        assert_no_missing_glyphs(&mut b, &tab, &format!("{game}, end of game")).await;
        let title = Catalog::standard().get(game).expect("a game").info().title;
        let page = b
            .eval(
                &tab,
                "({title: document.getElementById('title').innerText, \
                  wide: document.documentElement.scrollWidth - document.documentElement.clientWidth, \
                  marker: getComputedStyle(document.getElementById('log-list')).listStyleType, \
                  log: Array.from(document.querySelectorAll('#log-list li')).map(l => l.innerText), \
                  seats: Array.from(document.querySelectorAll('#seats li')).map(l => l.innerText)})",
            )
            .await;
        assert!(
            page["title"].as_str().expect("title").starts_with(title),
            "the page names the game by its title: {page}"
        );
        assert!(
            page["wide"].as_i64().expect("width") <= 0,
            "{game}: the page scrolls sideways by {} px",
            page["wide"]
        );
        assert_eq!(
            page["marker"],
            json!("none"),
            "{game}: each log line carries its decision number, so the list must not add one"
        );
        for line in page["log"].as_array().expect("log") {
            let line = line.as_str().expect("a line");
            let rest = line.split_once(". ").map_or("", |(_, r)| r);
            let digits = rest.len() - rest.trim_start_matches(|c: char| c.is_ascii_digit()).len();
            assert!(
                digits == 0 || !rest[digits..].starts_with(". "),
                "{game}: a log line numbered twice: {line}"
            );
        }
        for seat in page["seats"].as_array().expect("seats") {
            assert!(
                !seat.as_str().expect("a seat").trim_end().ends_with(':'),
                "{game}: {seat}"
            );
        }
        eprintln!("{game}: a person played a whole game in {clicks:?}");
        assert!(clicks.board > 0, "{game}: no board click in a whole game");
        if Some(game) == games.last() {
            // A rematch: a new table of the same game and seats, this person back in seat 0.
            b.click(&tab, "#rematch", 0).await;
            let path = b
                .wait_for(&tab, &format!("location.pathname !== '/t/{id}' && !!document.getElementById('take-seat') && location.pathname + location.search"))
                .await;
            let path = path.as_str().expect("a path");
            assert!(
                path.starts_with("/t/") && path.ends_with("?seat=0"),
                "{path}"
            );
            let new_id = &path[3..path.len() - "?seat=0".len()];
            let (_, lobby) = request(addr, "GET", "/tables", None).await.expect("lobby");
            let entry = lobby["tables"]
                .as_array()
                .expect("tables")
                .iter()
                .find(|t| t["id"] == new_id)
                .cloned()
                .expect("the rematch is in the lobby");
            assert_eq!(entry["game"], game.as_str());
            assert_eq!(entry["seats"][1]["bot"], "random");
        }
        assert!(clicks.board + clicks.buttons > 0);
    }
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn two_browsers_reload_spectators_and_bad_clicks() {
    let Some(mut b) = Browser::start().await else {
        return;
    };
    let scratch = Scratch::new("browser2");
    let addr = start_in_process(Catalog::standard(), &scratch.sqlite()).await;

    // Two people at one table, each in their own browser: each sees the other's moves.
    // With a time bank, so the seats show their clocks.
    let id = create_table(
        addr,
        json!({"game": "woodwalkers", "players": 2, "seed": 5,
               "clock": {"bank": {"bank_ms": 600000, "increment_ms": 5000}}}),
    )
    .await;
    let ann = take_seat(&mut b, addr, &id, 0, "Ann").await;
    let bob = take_seat(&mut b, addr, &id, 1, "Bob").await;
    let seats = b
        .wait_for(&ann, "document.getElementById('seats').innerText.includes('clock') && document.getElementById('seats').innerText")
        .await;
    assert!(
        seats.as_str().expect("text").contains("— clock 10:00"),
        "{seats}"
    );
    assert_no_missing_glyphs(&mut b, &ann, "a table with clocks").await;
    for _ in 0..6 {
        let (mover, other) = match b
            .eval(&ann, "window.sylvan.table.frame.to_move")
            .await
            .as_u64()
        {
            Some(0) => (ann.clone(), bob.clone()),
            _ => (bob.clone(), ann.clone()),
        };
        let v = version_of(&b.wait_for(&mover, "document.querySelectorAll('button.action').length > 0 && window.sylvan.table.frame.version").await);
        b.click(&mover, "button.action", 0).await;
        b.wait_for(&other, &format!("window.sylvan.table.frame.version > {v} && document.getElementById('log-list').innerText.length > 0"))
            .await;
    }

    // A bad click on the board and a stale action get a clear message, not a broken page.
    let mover = match b
        .eval(&ann, "window.sylvan.table.frame.to_move")
        .await
        .as_u64()
    {
        Some(0) => ann.clone(),
        _ => bob.clone(),
    };
    b.wait_for(
        &mover,
        "document.querySelectorAll('button.action').length > 0",
    )
    .await;
    b.click(&mover, "#board svg", 0).await;
    let said = b
        .wait_for(&mover, "document.getElementById('message').innerText.includes('Nothing') && document.getElementById('message').innerText")
        .await;
    assert!(said.as_str().expect("text").contains("Nothing"), "{said}");
    b.eval(
        &mover,
        "window.sylvan.send({version: 0, action: window.sylvan.table.frame.legal[0].action})",
    )
    .await;
    let said = b
        .wait_for(&mover, "document.getElementById('message').innerText.includes('stale') && document.getElementById('message').innerText")
        .await;
    assert!(
        said.as_str()
            .expect("text")
            .contains("Refused: stale version 0"),
        "{said}"
    );
    assert!(
        b.eval(&mover, "document.querySelectorAll('button.action').length")
            .await
            .as_u64()
            > Some(0)
    );

    // A reload resumes the seat.
    let before = b.eval(&ann, "window.sylvan.table.frame.version").await;
    b.go(&ann, &format!("http://{addr}/t/{id}")).await;
    b.wait_for(&ann, &format!("window.sylvan.table.frame && window.sylvan.table.frame.seat === 0 && window.sylvan.table.frame.version === {before}"))
        .await;
    assert!(b
        .eval(&ann, "document.getElementById('title').innerText")
        .await
        .as_str()
        .expect("title")
        .contains("you are Player 1"));

    // An unknown table says so.
    let lost = b.tab(&format!("http://{addr}/t/00000000deadbeef")).await;
    let said = b
        .wait_for(&lost, "document.getElementById('message').innerText.length > 0 && document.getElementById('message').innerText")
        .await;
    assert!(
        said.as_str().expect("text").contains("cannot be opened"),
        "{said}"
    );

    // A spectator of a Midnight Duel receives only the spectator's view, never a seat's.
    // Ann plays seat 0 against a bot, so the table waits on her at each of her turns: the
    // spectator's frame is checked then, whatever the machine's speed.
    let id = create_table(
        addr,
        json!({"game": "woodwalkers", "players": 2, "seed": 8, "options": {"side": "night"},
               "seats": ["human", "mcts:100"]}),
    )
    .await;
    let ann = take_seat(&mut b, addr, &id, 0, "Ann").await;
    let watcher = b.tab(&format!("http://{addr}/t/{id}")).await;
    let mut seen: Vec<Value> = Vec::new();
    loop {
        let state = b
            .wait_for(
                &ann,
                "(() => { const f = window.sylvan.table.frame; if (!f) return null; \
                 if (f.over) return {over: true, version: f.version}; \
                 const n = document.querySelectorAll('button.action').length; \
                 if (n > 0 && Number(document.getElementById('board').dataset.version) === f.version) \
                   return {over: false, version: f.version}; return null; })()",
            )
            .await;
        let version = version_of(&state["version"]);
        let f = b
            .wait_for(
                &watcher,
                &format!("window.sylvan.table.frame && window.sylvan.table.frame.version === {version} && window.sylvan.table.frame"),
            )
            .await;
        assert_eq!(f["seat"], Value::Null);
        assert_eq!(f["legal"], json!([]));
        seen.push(f);
        if seen.len() == 4 {
            b.screenshot(&watcher, "woodwalkers-midnight-spectator")
                .await;
        }
        if state["over"] == true {
            break;
        }
        b.click(&ann, "button.action", 0).await;
        b.wait_for(
            &ann,
            &format!("(() => {{ const f = window.sylvan.table.frame; return f.version > {version} || f.over; }})()"),
        )
        .await;
    }
    let (_, rec) = request(addr, "GET", &format!("/tables/{id}/record"), None)
        .await
        .expect("record");
    let record: Record = serde_json::from_value(rec["record"].clone()).expect("a record");
    let catalog = Catalog::standard();
    let log = rec["log"].as_array().expect("log");
    let mut game = catalog
        .new_game(
            "woodwalkers",
            2,
            record.seed.expect("seed"),
            &record.options,
            true,
            None,
        )
        .expect("the table's game");
    let mut version = 0;
    for f in &seen {
        while version < version_of(&f["version"]) {
            game.apply_for(&log[version as usize]["action"], &[Viewer::Spectator])
                .expect("replays");
            version += 1;
        }
        assert_eq!(
            f["view"],
            game.view(Viewer::Spectator).expect("view"),
            "at {version}"
        );
        assert_eq!(
            f["svg"].as_str(),
            game.svg(Viewer::Spectator).expect("svg").as_deref()
        );
    }
    assert!(seen.len() >= 3, "{} frames checked", seen.len());

    // The replay of that finished table steps back and forth, as any seat or the spectator.
    let replay = b.tab(&format!("http://{addr}/replay/{id}")).await;
    b.wait_for(&replay, "document.getElementById('step') && document.getElementById('step').innerText.startsWith('decision')").await;
    b.click(&replay, "#first", 0).await;
    b.wait_for(
        &replay,
        "document.getElementById('board').dataset.version === '0'",
    )
    .await;
    b.click(&replay, "#forward", 0).await;
    b.wait_for(
        &replay,
        "document.getElementById('board').dataset.version === '1'",
    )
    .await;
    b.eval(&replay, "(() => { const s = document.getElementById('viewer'); s.value = '1'; s.dispatchEvent(new Event('change')); })()").await;
    b.wait_for(&replay, "document.querySelector('#board svg') !== null")
        .await;
    // The step buttons are drawn icons and words (the fonts here lack ⏮ and ⏭), and the
    // arrow keys step too.
    let buttons = b
        .eval(
            &replay,
            "['first', 'back', 'forward', 'last'].map((id) => { const e = document.getElementById(id); \
              return {text: e.textContent.trim(), icon: !!e.querySelector('svg.icon path')}; })",
        )
        .await;
    for (button, word) in buttons
        .as_array()
        .expect("buttons")
        .iter()
        .zip(["start", "back", "forward", "end"])
    {
        assert_eq!(button["text"], json!(word), "{buttons}");
        assert_eq!(button["icon"], json!(true), "{buttons}");
    }
    b.eval(
        &replay,
        "document.dispatchEvent(new KeyboardEvent('keydown', {key: 'ArrowRight'}))",
    )
    .await;
    b.wait_for(
        &replay,
        "document.getElementById('board').dataset.version === '2'",
    )
    .await;
    // The record's seats are named: who was who.
    let options = b
        .eval(
            &replay,
            "Array.from(document.querySelectorAll('#viewer option')).map((o) => o.textContent)",
        )
        .await;
    assert_eq!(
        options,
        json!(["a spectator", "Player 1 (Ann)", "Player 2 (mcts:100)"])
    );
    assert_no_missing_glyphs(&mut b, &replay, "the replay").await;
    b.screenshot(&replay, "woodwalkers-midnight-replay").await;
}

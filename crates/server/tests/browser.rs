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
    // Each game tells a newcomer what it is about, in a few sentences.
    let summaries = b
        .eval(
            &lobby,
            "Array.from(document.querySelectorAll('article.game')).map(a => [a.dataset.game, a.querySelector('.summary').innerText])",
        )
        .await;
    for pair in summaries.as_array().expect("summaries") {
        assert!(
            pair[1].as_str().expect("text").len() > 80,
            "{}: the lobby shows no summary of the game",
            pair[0]
        );
    }
    assert_eq!(games.len(), Catalog::standard().names().len());
    b.click(&lobby, "button.new-table", 0).await;
    b.wait_for(&lobby, "!!document.getElementById('create-table')")
        .await;
    assert_eq!(
        b.eval(
            &lobby,
            "Array.from(document.querySelectorAll('#create input')).filter(i => i.value === 'null').length"
        )
        .await,
        json!(0),
        "an option without a value shows an empty field, not the word null"
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
    let id = create_table(
        addr,
        json!({"game": "woodwalkers", "players": 2, "seed": 5}),
    )
    .await;
    let ann = take_seat(&mut b, addr, &id, 0, "Ann").await;
    let bob = take_seat(&mut b, addr, &id, 1, "Bob").await;
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
    b.screenshot(&replay, "woodwalkers-midnight-replay").await;
}

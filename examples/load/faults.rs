//! The faults the blog must survive, each a check that passes or fails with what it saw.

use std::collections::HashSet;
use std::path::Path;
use std::time::{Duration, Instant};

use rusqlite::{Connection, OpenFlags};
use tokio::io::{AsyncReadExt, AsyncWriteExt};
use tokio::net::TcpStream;

use crate::blog::{Blog, Scratch, UNLIMITED};
use crate::http::{Conn, client_address, form, request};

type Outcome = Result<String, String>;

/// Longest a request that does not write may take while the database is locked elsewhere.
const STALL: Duration = Duration::from_secs(1);
/// The blog's header-read timeout and form deadline, and the slack allowed past them.
const HEADER_TIMEOUT: Duration = Duration::from_secs(10);
const SLACK: Duration = Duration::from_secs(2);
/// How long a trickle goes on before the check gives up on the server cutting it.
const TRICKLE_CAP: Duration = Duration::from_secs(20);

const ANSWER: Duration = Duration::from_secs(15);

/// The blog's write deadline: a response must be taken within it.
const WRITE_TIMEOUT: Duration = Duration::from_secs(10);
/// How long the non-reading clients are watched before the check gives up on the server
/// letting them go: the deadline, and time for the kernel's buffers to fill first.
const UNREAD_CAP: Duration = Duration::from_secs(WRITE_TIMEOUT.as_secs() + 8);
/// The largest page the blog may send: an article of 20,000 characters and 20 comments of
/// 2,000, each character escaped to six (`&quot;`), and the layout: about 330 kB.
const PAGE_CAP: usize = 400 * 1024;

/// The clients (addresses of 127.0.0.0/8, see `client_address`) each check posts from, so
/// that none spends another's quota, as different visitors would not.
const OUTSIDE_READ: u32 = 1;
const OUTSIDE_WRITE: u32 = 2;
const CROSS_SITE: u32 = 3;
const STALE_FORM: u32 = 4;
const LIMITS: u32 = 5;
const SETUP: u32 = 10;
const FLOODER: u32 = 30;
const GREEDY: u32 = 40;
/// Four clients, whose writes are refused for want of the password.
const INTRUDER: u32 = 50;
const GUESSER: u32 = 60;
const REPLAYER: u32 = 61;
const NON_READERS: u32 = 100;

/// Runs every check against the blog at `binary`; true when all passed.
pub async fn run(binary: &Path) -> Result<bool, String> {
    let scratch = Scratch::new("blog-faults").map_err(|e| e.to_string())?;
    let mut blog = Blog::start(binary, &scratch.file("faults.sqlite3")).await?;
    let mut passed = 0;
    let mut failed = 0;
    let mut report = |name: &str, outcome: Outcome| match outcome {
        Ok(detail) => {
            passed += 1;
            println!("ok    {name}: {detail}");
        }
        Err(detail) => {
            failed += 1;
            println!("FAIL  {name}: {detail}");
        }
    };
    report(
        "an outside read transaction stalls no request",
        outside_lock(&blog, "BEGIN; SELECT count(*) FROM articles;", OUTSIDE_READ).await,
    );
    report(
        "an outside write lock stalls no request that does not write",
        outside_lock(&blog, "BEGIN IMMEDIATE;", OUTSIDE_WRITE).await,
    );
    report(
        "without the editor's password nothing changes",
        without_the_password(&blog).await,
    );
    let article = largest_article(&blog).await;
    let (headers, idle, body, unread) = tokio::join!(
        trickled_headers(&blog),
        idle_connection(&blog),
        trickled_form(&blog),
        non_reading_clients(&blog, &article),
    );
    report("headers trickled at 1 byte/s are cut off", headers);
    report("an idle connection is closed", idle);
    report("a form trickled at 1 byte/s is answered 408", body);
    report(
        "clients that never read are let go, and their memory freed",
        unread,
    );
    report(
        "posting is limited per client, and pages stay bounded",
        flood(&blog, &article).await,
    );
    report(
        "one client cannot take every connection slot",
        slot_starvation(&blog).await,
    );
    report(
        "cross-site unsafe requests are refused",
        cross_site(&blog).await,
    );
    report(
        "a body declared too large is refused before it is sent",
        expect_continue(&blog).await,
    );
    report(
        "a stale form cannot delete a new record",
        stale_form(&blog).await,
    );
    report(
        "wrong verbs and targets are not served",
        wrong_verbs(&blog).await,
    );
    report(
        "oversized fields and bodies are refused",
        limits(&blog).await,
    );
    report(
        "writes acknowledged before kill -9 survive it",
        kill_nine(&mut blog).await,
    );
    println!("{passed} passed, {failed} failed");
    Ok(failed == 0)
}

async fn get(blog: &Blog, target: &str) -> Result<u16, String> {
    let mut conn = Conn::open(blog.address).await.map_err(|e| e.to_string())?;
    let reply = conn
        .send(&request("GET", target, &blog.host(), &[], b""), ANSWER)
        .await
        .map_err(|e| format!("GET {target}: {e}"))?;
    Ok(reply.status)
}

/// A form posted by client `client`, signed in as the editor: the checks that write show
/// that the protections hold for a visitor who may write, and those that forge a request
/// show that a forged one is refused even with the editor's cookie.
async fn post(
    blog: &Blog,
    client: u32,
    target: &str,
    origin: &str,
    site: &str,
    body: &str,
) -> Result<crate::http::Reply, String> {
    post_as(blog, client, &blog.editor, target, origin, site, body).await
}

/// A form posted by client `client` with `cookie` (none when it is empty).
async fn post_as(
    blog: &Blog,
    client: u32,
    cookie: &str,
    target: &str,
    origin: &str,
    site: &str,
    body: &str,
) -> Result<crate::http::Reply, String> {
    let mut conn = Conn::open_from(client_address(client), blog.address)
        .await
        .map_err(|e| e.to_string())?;
    conn.send(
        &form(target, &blog.host(), origin, site, cookie, body),
        ANSWER,
    )
    .await
    .map_err(|e| format!("POST {target}: {e}"))
}

/// Another process holds `lock` on the database while the blog is asked for pages that do
/// not write (and, once, to write): the pages must come as fast as ever.
async fn outside_lock(blog: &Blog, lock: &str, client: u32) -> Outcome {
    let outside = Connection::open(&blog.database).map_err(|e| e.to_string())?;
    outside
        .execute_batch(lock)
        .map_err(|e| format!("{lock}: {e}"))?;
    let writing = {
        let address = blog.address;
        let bytes = form(
            "/articles",
            &blog.host(),
            &blog.origin(),
            "same-origin",
            &blog.editor,
            "title=During+a+lock&body=x",
        );
        tokio::spawn(async move {
            let started = Instant::now();
            let mut conn = Conn::open_from(client_address(client), address).await?;
            let reply = conn.send(&bytes, ANSWER).await?;
            Ok::<_, std::io::Error>((reply.status, started.elapsed()))
        })
    };
    tokio::time::sleep(Duration::from_millis(100)).await;
    let mut conn = Conn::open(blog.address).await.map_err(|e| e.to_string())?;
    let mut slowest = Duration::ZERO;
    let mut statuses = Vec::new();
    for i in 0..30 {
        let target = ["/login", "/", "/articles/1"][i % 3];
        let started = Instant::now();
        let reply = conn
            .send(&request("GET", target, &blog.host(), &[], b""), ANSWER)
            .await
            .map_err(|e| format!("GET {target}: {e}"))?;
        slowest = slowest.max(started.elapsed());
        if reply.status != 200 {
            statuses.push(format!("{target} {}", reply.status));
        }
    }
    let write = match writing.await {
        Ok(Ok((status, took))) => format!("{status} in {} ms", took.as_millis()),
        Ok(Err(error)) => format!("failed: {error}"),
        Err(error) => format!("failed: {error}"),
    };
    let _ = outside.execute_batch("ROLLBACK;");
    let detail = format!(
        "30 reads (/login, /, /articles/1) under `{}`: slowest {} ms; a write meanwhile: {write}",
        lock.trim(),
        slowest.as_millis()
    );
    if slowest <= STALL && statuses.is_empty() {
        Ok(detail)
    } else {
        Err(format!("{detail}; not 200: {statuses:?}"))
    }
}

/// Sends `head` at once, then a byte a second; the time the server took to close the
/// connection, if it did within the cap.
async fn trickle(blog: &Blog, head: Vec<u8>) -> Result<Option<Duration>, String> {
    let stream = TcpStream::connect(blog.address)
        .await
        .map_err(|e| e.to_string())?;
    let (mut reader, mut writer) = stream.into_split();
    let started = Instant::now();
    let trickling = tokio::spawn(async move {
        if writer.write_all(&head).await.is_err() {
            return;
        }
        while started.elapsed() < TRICKLE_CAP {
            tokio::time::sleep(Duration::from_secs(1)).await;
            if writer.write_all(b"a").await.is_err() {
                return;
            }
        }
    });
    let closed = tokio::time::timeout(TRICKLE_CAP + SLACK, async {
        let mut chunk = [0u8; 4096];
        loop {
            match reader.read(&mut chunk).await {
                Ok(0) | Err(_) => return,
                Ok(_) => continue,
            }
        }
    })
    .await
    .is_ok();
    trickling.abort();
    Ok(closed.then(|| started.elapsed()))
}

async fn trickled_headers(blog: &Blog) -> Outcome {
    let head = format!("GET / HTTP/1.1\r\nHost: {}\r\nX-Slow: ", blog.host()).into_bytes();
    match trickle(blog, head).await? {
        Some(took) if took <= HEADER_TIMEOUT + SLACK => {
            Ok(format!("closed after {} ms", took.as_millis()))
        }
        Some(took) => Err(format!("closed only after {} ms", took.as_millis())),
        None => Err(format!("still open after {} s", TRICKLE_CAP.as_secs())),
    }
}

async fn idle_connection(blog: &Blog) -> Outcome {
    let mut conn = Conn::open(blog.address).await.map_err(|e| e.to_string())?;
    let started = Instant::now();
    if conn.drain(TRICKLE_CAP).await.is_some() {
        let took = started.elapsed();
        let detail = format!("closed after {} ms", took.as_millis());
        if took <= HEADER_TIMEOUT + SLACK {
            Ok(detail)
        } else {
            Err(detail)
        }
    } else {
        Err(format!("still open after {} s", TRICKLE_CAP.as_secs()))
    }
}

/// A form whose headers come at once and whose body trickles, to a path where the routing
/// layer reads it for `_method`.
async fn trickled_form(blog: &Blog) -> Outcome {
    let mut conn = Conn::open(blog.address).await.map_err(|e| e.to_string())?;
    let head = format!(
        "POST /articles/1 HTTP/1.1\r\nHost: {}\r\nContent-Type: application/x-www-form-urlencoded\r\nContent-Length: 100\r\n\r\ntitle=",
        blog.host()
    );
    let started = Instant::now();
    conn.write(head.as_bytes())
        .await
        .map_err(|e| e.to_string())?;
    let reading = conn.read_reply();
    let mut reading = std::pin::pin!(reading);
    let reply = loop {
        tokio::select! {
            reply = &mut reading => break Some(reply),
            () = tokio::time::sleep(Duration::from_secs(1)) => {
                if started.elapsed() > TRICKLE_CAP { break None; }
            }
        }
    };
    let took = started.elapsed();
    match reply {
        Some(Ok(reply)) if reply.status == 408 && took <= HEADER_TIMEOUT + SLACK => {
            Ok(format!("408 after {} ms", took.as_millis()))
        }
        Some(Ok(reply)) => Err(format!("{} after {} ms", reply.status, took.as_millis())),
        Some(Err(error)) => Err(format!("{error} after {} ms", took.as_millis())),
        None => Err(format!("no answer after {} s", TRICKLE_CAP.as_secs())),
    }
}

async fn cross_site(blog: &Blog) -> Outcome {
    let forged = post(
        blog,
        CROSS_SITE,
        "/articles/1",
        "https://evil.example",
        "cross-site",
        "_method=delete",
    )
    .await?;
    let still = get(blog, "/articles/1").await?;
    let null = post(
        blog,
        CROSS_SITE,
        "/account",
        "null",
        "",
        "_method=put&name=Mallory&bio=owned",
    )
    .await?;
    let rebound = {
        let mut conn = Conn::open(blog.address).await.map_err(|e| e.to_string())?;
        conn.send(
            &request("GET", "/", "rebound.evil.example", &[], b""),
            ANSWER,
        )
        .await
        .map_err(|e| e.to_string())?
        .status
    };
    let host = blog.host();
    let absolute = raw(
        blog,
        &request("GET", "http://evil.example/", &host, &[], b""),
    )
    .await;
    let two_hosts = raw(
        blog,
        &request("GET", "/", &host, &[("Host", "evil.example")], b""),
    )
    .await;
    // A page of https://127.0.0.1:PORT, from a browser that sends no `Sec-Fetch-Site`.
    let other_scheme = post(
        blog,
        CROSS_SITE,
        "/account",
        &format!("https://{host}"),
        "",
        "_method=put&name=Mallory&bio=owned",
    )
    .await?;
    let account = {
        let mut conn = Conn::open(blog.address).await.map_err(|e| e.to_string())?;
        conn.send(&request("GET", "/account", &host, &[], b""), ANSWER)
            .await
            .map_err(|e| e.to_string())?
    };
    let detail = format!(
        "DELETE from evil.example: {}, the article after it: {still}; PUT /account from \
         `Origin: null`: {}; `Host: rebound.evil.example`: {rebound}; \
         `GET http://evil.example/` with our Host: {absolute}; two Hosts: {two_hosts}; \
         PUT /account from `Origin: https://{host}`: {}",
        forged.status, null.status, other_scheme.status
    );
    let kept = !account.text().contains("Mallory");
    if forged.status == 403
        && still == 200
        && null.status == 403
        && kept
        && rebound == 421
        && absolute == "421"
        && two_hosts == "400"
        && other_scheme.status == 403
    {
        Ok(detail)
    } else {
        Err(detail)
    }
}

/// A client that declares a body over the limit and waits to be told to send it (`Expect:
/// 100-continue`) must be refused before it sends it, not told to go on.
async fn expect_continue(blog: &Blog) -> Outcome {
    let mut conn = Conn::open(blog.address).await.map_err(|e| e.to_string())?;
    let head = format!(
        "POST /articles HTTP/1.1\r\nHost: {}\r\nOrigin: {}\r\n\
         Content-Type: application/x-www-form-urlencoded\r\nContent-Length: 1000000\r\n\
         Expect: 100-continue\r\n\r\n",
        blog.host(),
        blog.origin()
    );
    conn.write(head.as_bytes())
        .await
        .map_err(|e| e.to_string())?;
    let first = tokio::time::timeout(ANSWER, conn.read_reply())
        .await
        .map_err(|_| "no answer in time".to_owned())?
        .map_err(|e| e.to_string())?;
    let detail = format!(
        "a POST declaring 1,000,000 bytes, asking first: {} first",
        first.status
    );
    if first.status == 413 {
        Ok(detail)
    } else {
        Err(detail)
    }
}

fn created_id(reply: &crate::http::Reply) -> Result<u64, String> {
    reply
        .header("location")
        .and_then(|location| location.strip_prefix("/articles/"))
        .and_then(|id| id.parse().ok())
        .ok_or_else(|| {
            format!(
                "create answered {} without an article's location",
                reply.status
            )
        })
}

async fn stale_form(blog: &Blog) -> Outcome {
    let origin = blog.origin();
    let first = created_id(
        &post(
            blog,
            STALE_FORM,
            "/articles",
            &origin,
            "same-origin",
            "title=First&body=x",
        )
        .await?,
    )?;
    let deleted = post(
        blog,
        STALE_FORM,
        &format!("/articles/{first}"),
        &origin,
        "same-origin",
        "_method=delete",
    )
    .await?;
    let second = created_id(
        &post(
            blog,
            STALE_FORM,
            "/articles",
            &origin,
            "same-origin",
            "title=Second&body=x",
        )
        .await?,
    )?;
    // The form of the first article, still open in another tab.
    let stale = post(
        blog,
        STALE_FORM,
        &format!("/articles/{first}"),
        &origin,
        "same-origin",
        "_method=delete",
    )
    .await?;
    let kept = get(blog, &format!("/articles/{second}")).await?;
    let detail = format!(
        "article {first} deleted ({}), the next created is {second}; the stale delete of \
         {first}: {}; article {second}: {kept}",
        deleted.status, stale.status
    );
    if second != first && stale.status == 404 && kept == 200 {
        Ok(detail)
    } else {
        Err(detail)
    }
}

/// What a visitor signed out sees of the pages an intruder would change.
async fn pages(blog: &Blog) -> Result<Vec<String>, String> {
    let mut pages = Vec::new();
    for target in ["/", "/articles/1", "/account"] {
        let mut conn = Conn::open(blog.address).await.map_err(|e| e.to_string())?;
        let reply = conn
            .send(&request("GET", target, &blog.host(), &[], b""), ANSWER)
            .await
            .map_err(|e| format!("GET {target}: {e}"))?;
        pages.push(format!("{} {}", reply.status, reply.text()));
    }
    Ok(pages)
}

/// Who may write is an editor, signed in with the password: an intruder's writes signed
/// out, with a session cookie of their making, and signed in to comment change nothing; a
/// client guessing the password is cut off by the posting limit; the editor's cookie is
/// refused once they have signed out.
async fn without_the_password(blog: &Blog) -> Outcome {
    let origin = blog.origin();
    let before = pages(blog).await?;
    // what, target, form
    let writes = [
        ("create", "/articles", "title=Defaced&body=x"),
        ("edit", "/articles/1", "_method=put&title=Defaced&body=x"),
        ("delete", "/articles/1", "_method=delete"),
        (
            "delete a comment",
            "/articles/1/comments/1",
            "_method=delete",
        ),
        ("moderate", "/admin/comments/1", "_method=delete"),
        (
            "edit the account",
            "/account",
            "_method=put&name=Mallory&bio=owned",
        ),
    ];
    let reader = post_as(
        blog,
        INTRUDER,
        "",
        "/login",
        &origin,
        "same-origin",
        "name=Mallory",
    )
    .await?;
    let reader = session_cookie(&reader);
    let forged = format!("blog_session={}", "5eed".repeat(16));
    let mut wrong = Vec::new();
    for (n, (who, cookie, expected)) in [
        ("signed out", "", "303 /login"),
        ("a forged session", forged.as_str(), "303 /login"),
        ("a reader", reader.as_str(), "403 "),
    ]
    .into_iter()
    .enumerate()
    {
        for (what, target, body) in writes {
            let client = INTRUDER + 1 + n as u32;
            let reply = post_as(blog, client, cookie, target, &origin, "same-origin", body).await?;
            let answer = format!(
                "{} {}",
                reply.status,
                reply.header("location").unwrap_or_default()
            );
            if answer != expected {
                wrong.push(format!("{what} as {who}: {answer}"));
            }
        }
    }
    let changed = pages(blog).await? != before;
    // Guesses from one client: the posting limit cuts them off after ten, the right
    // password with them.
    let mut guesses = Vec::new();
    for n in 0..12 {
        let body = format!("name=Mallory&password=guess{n}");
        let reply = post_as(blog, GUESSER, "", "/login", &origin, "same-origin", &body).await?;
        guesses.push(reply.status);
    }
    let right = format!(
        "name=Mallory&password={}",
        crate::blog::EDITOR_PASSWORD.replace(' ', "+")
    );
    let last = post_as(blog, GUESSER, "", "/login", &origin, "same-origin", &right).await?;
    // The editor's cookie, replayed after they signed out.
    let signed = post_as(blog, REPLAYER, "", "/login", &origin, "same-origin", &right).await?;
    let signed = session_cookie(&signed);
    let out = post_as(
        blog,
        REPLAYER,
        &signed,
        "/logout",
        &origin,
        "same-origin",
        "_method=delete",
    )
    .await?;
    let replayed = post_as(
        blog,
        REPLAYER,
        &signed,
        "/articles/1",
        &origin,
        "same-origin",
        "_method=delete",
    )
    .await?;
    let still = get(blog, "/articles/1").await?;
    let cut_off = guesses[..10].iter().all(|&status| status == 422)
        && guesses[10..].iter().all(|&status| status == 429)
        && last.status == 429;
    let detail = format!(
        "18 writes signed out, with a forged cookie and as a reader: {}; the pages {}; \
         12 guesses from one client: {guesses:?}, then the right password: {}; the editor's \
         cookie after signing out ({}): {} {}, the article {still}",
        if wrong.is_empty() {
            "all sent to sign in, or 403 for the reader".to_owned()
        } else {
            format!("{wrong:?}")
        },
        if changed { "changed" } else { "unchanged" },
        last.status,
        out.status,
        replayed.status,
        replayed.header("location").unwrap_or_default(),
    );
    let refused_replay =
        replayed.status == 303 && replayed.header("location") == Some("/login") && still == 200;
    if wrong.is_empty() && !changed && cut_off && !signed.is_empty() && refused_replay {
        Ok(detail)
    } else {
        Err(detail)
    }
}

/// The session cookie a sign-in's answer sets, as a `Cookie` header sends it back; empty if
/// it sets none.
fn session_cookie(reply: &crate::http::Reply) -> String {
    reply
        .headers
        .iter()
        .filter(|(name, _)| name == "set-cookie")
        .filter_map(|(_, value)| value.split(';').next())
        .find(|pair| pair.starts_with("blog_session="))
        .unwrap_or_default()
        .to_owned()
}

async fn raw(blog: &Blog, bytes: &[u8]) -> String {
    let Ok(mut conn) = Conn::open(blog.address).await else {
        return "no connection".to_owned();
    };
    match conn.send(bytes, ANSWER).await {
        Ok(reply) => reply.status.to_string(),
        Err(error) => format!("no answer ({error})"),
    }
}

async fn wrong_verbs(blog: &Blog) -> Outcome {
    let host = blog.host();
    let delete_root = raw(blog, &request("DELETE", "/", &host, &[], b"")).await;
    let connect = raw(
        blog,
        &request("CONNECT", "127.0.0.1:22", "127.0.0.1:22", &[], b""),
    )
    .await;
    let connect_path = raw(blog, &request("CONNECT", "/", &host, &[], b"")).await;
    let asterisk = raw(blog, &request("OPTIONS", "*", &host, &[], b"")).await;
    let detail = format!(
        "DELETE /: {delete_root}; CONNECT 127.0.0.1:22: {connect}; CONNECT /: {connect_path}; \
         OPTIONS *: {asterisk}"
    );
    let refused = |status: &str| status.starts_with('4');
    if delete_root == "405" && refused(&connect) && refused(&connect_path) && refused(&asterisk) {
        Ok(detail)
    } else {
        Err(detail)
    }
}

async fn limits(blog: &Blog) -> Outcome {
    let origin = blog.origin();
    let long_title = format!("title={}&body=x", "a".repeat(300));
    let long = post(
        blog,
        LIMITS,
        "/articles",
        &origin,
        "same-origin",
        &long_title,
    )
    .await?;
    let said = long
        .text()
        .contains("Title is too long (300 characters; at most 200)");
    let huge_body = format!("title=x&body={}", "a".repeat(400_000));
    let huge = post(
        blog,
        LIMITS,
        "/articles",
        &origin,
        "same-origin",
        &huge_body,
    )
    .await;
    let huge = huge.map_or_else(|e| e, |reply| reply.status.to_string());
    let detail = format!(
        "a title of 300 characters: {} ({}); a body of 400 kB: {huge}",
        long.status,
        if said {
            "saying so"
        } else {
            "without saying why"
        }
    );
    if long.status == 422 && said && huge == "413" {
        Ok(detail)
    } else {
        Err(detail)
    }
}

/// Writers post articles; the blog is killed under them; every article whose creation was
/// acknowledged (303) must be in the database the restarted blog opens.
async fn kill_nine(blog: &mut Blog) -> Outcome {
    // Writes as fast as they come, which the posting limit would refuse after ten, and more
    // articles than the blog holds by default.
    blog.restart_with(&UNLIMITED).await?;
    let mut acknowledged = HashSet::new();
    let mut lines = Vec::new();
    for round in 0..3 {
        let mut writers = Vec::new();
        for writer in 0..8 {
            let address = blog.address;
            let host = blog.host();
            let origin = blog.origin();
            let editor = blog.editor.clone();
            writers.push(tokio::spawn(async move {
                let mut acked = Vec::new();
                let Ok(mut conn) = Conn::open(address).await else {
                    return acked;
                };
                for i in 0.. {
                    let title = format!("kill-{round}-{writer}-{i}");
                    let bytes = form(
                        "/articles",
                        &host,
                        &origin,
                        "same-origin",
                        &editor,
                        &format!("title={title}&body=x"),
                    );
                    match conn.send(&bytes, ANSWER).await {
                        Ok(reply) if reply.status == 303 => acked.push(title),
                        _ => return acked,
                    }
                }
                acked
            }));
        }
        tokio::time::sleep(Duration::from_millis(1500)).await;
        blog.kill();
        let mut this_round = 0;
        for writer in writers {
            let acked = writer.await.map_err(|e| e.to_string())?;
            this_round += acked.len();
            acknowledged.extend(acked);
        }
        blog.restart_after_kill().await?;
        let status = get(blog, "/").await?;
        lines.push(format!(
            "round {round}: {this_round} acknowledged, / then {status}"
        ));
    }
    let flags = OpenFlags::SQLITE_OPEN_READ_ONLY;
    let db = Connection::open_with_flags(&blog.database, flags).map_err(|e| e.to_string())?;
    let mut statement = db
        .prepare("SELECT title FROM articles WHERE title LIKE 'kill-%'")
        .map_err(|e| e.to_string())?;
    let stored: HashSet<String> = statement
        .query_map([], |row| row.get(0))
        .and_then(|rows| rows.collect())
        .map_err(|e| e.to_string())?;
    let missing = acknowledged.difference(&stored).count();
    let detail = format!(
        "{}; {} acknowledged in all, {} stored, {missing} missing",
        lines.join("; "),
        acknowledged.len(),
        stored.len()
    );
    if missing == 0 && !acknowledged.is_empty() {
        Ok(detail)
    } else {
        Err(detail)
    }
}

/// The largest page there may be: the longest article and a page of the longest comments, of
/// the characters that grow most when escaped (`<` to `&lt;`, `"` to `&quot;`), posted by
/// three clients (ten posts each at most, the limit of one); its path.
async fn largest_article(blog: &Blog) -> Result<String, String> {
    let origin = blog.origin();
    let body = format!("title=Largest&body={}", "%3C".repeat(20_000));
    let created = post(blog, SETUP, "/articles", &origin, "same-origin", &body).await?;
    let id = created_id(&created)?;
    let comment = format!("author=a&body={}", "%22".repeat(2_000));
    for n in 0..20 {
        let target = format!("/articles/{id}/comments");
        let client = SETUP + 1 + n / 10;
        let reply = post(blog, client, &target, &origin, "same-origin", &comment).await?;
        if reply.status != 303 {
            return Err(format!("comment {n} on article {id}: {}", reply.status));
        }
    }
    Ok(format!("/articles/{id}"))
}

/// Forty clients ask for the largest page again and again, pipelined, and never read an
/// answer: each must be let go within the write deadline of stalling, and the memory they
/// made the blog hold must be given back.
async fn non_reading_clients(blog: &Blog, article: &Result<String, String>) -> Outcome {
    let article = article.as_ref().map_err(|e| format!("no article: {e}"))?;
    let before = blog.resident();
    // More than the 64 kB of requests the blog reads ahead, so that it closes with some
    // unread, which resets the connection, and the reset can be seen without reading.
    let pipelined = request("GET", article, &blog.host(), &[], b"").repeat(2_000);
    let mut clients = Vec::new();
    for n in 0..40 {
        let mut conn = Conn::open_from(client_address(NON_READERS + n), blog.address)
            .await
            .map_err(|e| e.to_string())?;
        conn.write(&pipelined).await.map_err(|e| e.to_string())?;
        clients.push(conn);
    }
    let started = Instant::now();
    let mut peak = before;
    let mut closed_at = vec![None; clients.len()];
    while started.elapsed() < UNREAD_CAP && closed_at.iter().any(Option::is_none) {
        tokio::time::sleep(Duration::from_millis(100)).await;
        peak = peak.max(blog.resident());
        for (conn, closed) in clients.iter().zip(&mut closed_at) {
            if closed.is_none() && conn.reset() {
                *closed = Some(started.elapsed());
            }
        }
    }
    // Read while the clients still hold their end: the blog must have let go by itself.
    tokio::time::sleep(Duration::from_millis(500)).await;
    let after = blog.resident();
    drop(clients);
    let open = closed_at.iter().filter(|closed| closed.is_none()).count();
    let last = closed_at.iter().flatten().max().copied();
    let first = closed_at.iter().flatten().min().copied();
    let mb = |bytes: Option<u64>| {
        bytes.map_or("unknown".to_owned(), |b| {
            format!("{:.0} MB", b as f64 / 1e6)
        })
    };
    let detail = format!(
        "40 clients, 2,000 pipelined GETs of a {} page each, none read: closed after \
         {:.1}-{:.1} s, {open} still open after {} s; resident memory {} before, {} at most, \
         {} at the end, the clients still connected",
        article,
        first.unwrap_or_default().as_secs_f64(),
        last.unwrap_or_default().as_secs_f64(),
        UNREAD_CAP.as_secs(),
        mb(before),
        mb(peak),
        mb(after),
    );
    // Memory given back: within 16 MB of where it started (what the allocator keeps for
    // itself), when it can be read.
    let given_back = match (before, after) {
        (Some(before), Some(after)) => after < before + 16_000_000,
        _ => true,
    };
    if open == 0 && given_back {
        Ok(detail)
    } else {
        Err(detail)
    }
}

/// One client posts comments as fast as it can: past the first ten, 429 with `Retry-After`;
/// the article's page, and the moderation page, stay within `PAGE_CAP` however many there
/// are, and 16 readers of the page at once cost the blog little memory.
async fn flood(blog: &Blog, article: &Result<String, String>) -> Outcome {
    let article = article.as_ref().map_err(|e| format!("no article: {e}"))?;
    let origin = blog.origin();
    let comment = format!("author=flood&body={}", "%22".repeat(2_000));
    let target = format!("{article}/comments");
    let mut accepted = 0;
    let mut refused = 0;
    let mut retry_after = None;
    let started = Instant::now();
    let mut conn = Conn::open_from(client_address(FLOODER), blog.address)
        .await
        .map_err(|e| e.to_string())?;
    for _ in 0..100 {
        if started.elapsed() > Duration::from_secs(5) {
            break;
        }
        let bytes = form(&target, &blog.host(), &origin, "same-origin", "", &comment);
        let reply = match conn.send(&bytes, ANSWER).await {
            Ok(reply) => reply,
            Err(_) => {
                // A 429 may close the connection, its body unread: open another.
                conn = Conn::open_from(client_address(FLOODER), blog.address)
                    .await
                    .map_err(|e| e.to_string())?;
                continue;
            }
        };
        match reply.status {
            303 => accepted += 1,
            429 => {
                refused += 1;
                retry_after = retry_after.or(reply.header("retry-after").map(str::to_owned));
            }
            other => return Err(format!("a comment of the flood: {other}")),
        }
    }
    let before = blog.resident();
    let readers: Vec<_> = (0..16)
        .map(|_| {
            let address = blog.address;
            let bytes = request("GET", article, &blog.host(), &[], b"");
            tokio::spawn(async move {
                let mut conn = Conn::open(address).await?;
                conn.send(&bytes, ANSWER).await
            })
        })
        .collect();
    let mut sizes = Vec::new();
    let mut peak = before;
    for reader in readers {
        peak = peak.max(blog.resident());
        let reply = reader.await.map_err(|e| e.to_string())?;
        let reply = reply.map_err(|e| format!("a reader: {e}"))?;
        sizes.push(reply.body.len());
    }
    let largest = sizes.iter().copied().max().unwrap_or_default();
    let moderation = {
        // The editor's page: anyone else is sent to sign in.
        let mut conn = Conn::open(blog.address).await.map_err(|e| e.to_string())?;
        let cookie = [("Cookie", blog.editor.as_str())];
        let reply = conn
            .send(
                &request("GET", "/admin/comments", &blog.host(), &cookie, b""),
                ANSWER,
            )
            .await
            .map_err(|e| e.to_string())?;
        if reply.status != 200 {
            return Err(format!("the moderation page: {}", reply.status));
        }
        reply.body.len()
    };
    let detail = format!(
        "100 comments from one client in {:.1} s: {accepted} accepted, {refused} refused \
         (Retry-After: {}); the article's page {largest} bytes, the moderation page \
         {moderation}; 16 readers at once: resident memory {} before, {} at most",
        started.elapsed().as_secs_f64(),
        retry_after.as_deref().unwrap_or("none"),
        before.map_or("unknown".to_owned(), |b| format!(
            "{:.0} MB",
            b as f64 / 1e6
        )),
        peak.map_or("unknown".to_owned(), |b| format!(
            "{:.0} MB",
            b as f64 / 1e6
        )),
    );
    let limited = accepted <= 12 && refused > 0 && retry_after.is_some();
    if limited && largest <= PAGE_CAP && moderation <= PAGE_CAP {
        Ok(detail)
    } else {
        Err(detail)
    }
}

/// One client holds 1,100 idle connections, opening another as each is closed, for 8 s,
/// while another asks for the sign-in page on a new connection every 100 ms from the first
/// second on: each must be answered within a second.
async fn slot_starvation(blog: &Blog) -> Outcome {
    const HELD: usize = 1_100;
    const LENGTH: Duration = Duration::from_secs(8);
    let until = Instant::now() + LENGTH;
    let attacker = client_address(GREEDY);
    let address = blog.address;
    // Opened one after another: opened all at once, they would overflow the listener's queue,
    // and the kernel would drop the handshakes of those past it (with SYN cookies, for good,
    // the client none the wiser), so that the blog would never hold them.
    let mut first = Vec::with_capacity(HELD);
    for _ in 0..HELD {
        first.push(Conn::open_from(attacker, address).await.ok());
    }
    let holders: Vec<_> = first
        .into_iter()
        .map(|conn| {
            tokio::spawn(async move {
                let mut opened = u32::from(conn.is_some());
                let mut conn = conn;
                // At most 150 connections each: 165,000 in all.
                while Instant::now() < until && opened < 150 {
                    if let Some(open) = conn.as_mut() {
                        let left = until.saturating_duration_since(Instant::now());
                        open.closed_within(left).await;
                    }
                    conn = Conn::open_from(attacker, address).await.ok();
                    match conn {
                        Some(_) => opened += 1,
                        None => tokio::time::sleep(Duration::from_millis(10)).await,
                    }
                }
                opened
            })
        })
        .collect();
    // Let the attacker take what it can first.
    tokio::time::sleep(Duration::from_secs(1)).await;
    let mut latencies = Vec::new();
    let mut failures = Vec::new();
    while Instant::now() < until {
        let started = Instant::now();
        let answered = async {
            let mut conn = Conn::open(address).await?;
            conn.send(&request("GET", "/login", &blog.host(), &[], b""), ANSWER)
                .await
        };
        match answered.await {
            Ok(reply) if reply.status == 200 => latencies.push(started.elapsed()),
            Ok(reply) => failures.push(reply.status.to_string()),
            Err(error) => failures.push(error.to_string()),
        }
        tokio::time::sleep(Duration::from_millis(100)).await;
    }
    let mut opened = 0;
    for holder in holders {
        opened += holder.await.map_err(|e| e.to_string())?;
    }
    latencies.sort_unstable();
    let slowest = latencies.last().copied().unwrap_or_default();
    let median = latencies
        .get(latencies.len() / 2)
        .copied()
        .unwrap_or_default();
    let detail = format!(
        "one client holding up to {HELD} connections ({opened} opened in {} s): another's \
         GET /login answered {} times, median {} ms, slowest {} ms; {} failed {failures:?}",
        LENGTH.as_secs(),
        latencies.len(),
        median.as_millis(),
        slowest.as_millis(),
        failures.len(),
    );
    if failures.is_empty() && !latencies.is_empty() && slowest <= Duration::from_secs(1) {
        Ok(detail)
    } else {
        Err(detail)
    }
}

//! The blog example in a real browser: headless Chromium, driven through chromedriver, is sent
//! to sign in when it asks for the new article's form signed out, is refused a wrong
//! password, signs in as the editor and is brought back to the form, fails a validation,
//! previews and writes an article, edits it, comments on it, deletes the comment and the
//! article by clicking the pages' own links and forms (PUT and DELETE through `_method`),
//! signs out and is sent to sign in again when it asks for an edit form; and checks that a
//! wrong verb gets a 405 with `Allow`, through a resource route and through the default
//! route.
//!
//! It needs `chromedriver` (Debian: `chromium` and `chromium-driver`, which `.ci/run`
//! installs) on the `PATH` or in `CHROMEDRIVER`, and Chromium at `/usr/bin/chromium` or in
//! `CHROME_BIN`. Without a driver it passes, saying on stderr that it was skipped (a line
//! shown without `--nocapture`), unless `RESOURCEFUL_E2E` is set, as CI sets it: there a
//! missing browser is a failure.

#[path = "../examples/blog/app/mod.rs"]
#[allow(dead_code)]
mod app;

use std::io::Write as _;
use std::net::{Ipv4Addr, TcpListener as StdListener};
use std::path::PathBuf;
use std::process::{Child, Command, Stdio};
use std::time::{Duration, Instant};

use fantoccini::error::CmdError;
use fantoccini::{Client, ClientBuilder, Locator};
use hyper_util::client::legacy::connect::HttpConnector;
use serde_json::{Value, json};

/// Longest a step (chromedriver listening, a page loading after a click) may take: a cap on
/// waiting for what takes a fraction of a second on an idle machine, far above what a busy
/// one takes, never a margin the test checks.
const PATIENCE: Duration = Duration::from_secs(60);

/// chromedriver, killed when the test ends however it ends.
struct Driver(Child);

impl Drop for Driver {
    fn drop(&mut self) {
        let _ = self.0.kill();
        let _ = self.0.wait();
    }
}

fn find_chromedriver() -> Option<PathBuf> {
    if let Some(path) = std::env::var_os("CHROMEDRIVER") {
        return Some(PathBuf::from(path));
    }
    let paths = std::env::var_os("PATH")?;
    std::env::split_paths(&paths)
        .map(|dir| dir.join("chromedriver"))
        .find(|candidate| candidate.is_file())
}

fn free_port() -> u16 {
    let listener = StdListener::bind((Ipv4Addr::LOCALHOST, 0)).expect("a free port");
    listener.local_addr().expect("its address").port()
}

async fn start_driver(chromedriver: &PathBuf) -> (Driver, u16) {
    let port = free_port();
    let child = Command::new(chromedriver)
        .arg(format!("--port={port}"))
        .stdout(Stdio::null())
        .stderr(Stdio::null())
        .spawn()
        .unwrap_or_else(|e| panic!("cannot start {}: {e}", chromedriver.display()));
    let driver = Driver(child);
    let started = Instant::now();
    while started.elapsed() < PATIENCE {
        if tokio::net::TcpStream::connect((Ipv4Addr::LOCALHOST, port))
            .await
            .is_ok()
        {
            return (driver, port);
        }
        tokio::time::sleep(Duration::from_millis(100)).await;
    }
    panic!("chromedriver did not listen on port {port} within {PATIENCE:?}");
}

async fn connect(port: u16) -> Client {
    let binary = std::env::var("CHROME_BIN").ok().or_else(|| {
        let debian = "/usr/bin/chromium";
        std::path::Path::new(debian)
            .exists()
            .then(|| debian.to_owned())
    });
    let mut options = json!({
        "args": [
            "--headless=new",
            "--no-sandbox",
            "--disable-gpu",
            "--disable-dev-shm-usage",
            "--disable-background-networking",
            "--disable-extensions",
            "--no-first-run",
            "--window-size=1024,768",
        ],
    });
    if let Some(binary) = binary {
        options["binary"] = Value::String(binary);
    }
    let mut capabilities = serde_json::Map::new();
    capabilities.insert("browserName".into(), json!("chrome"));
    capabilities.insert("goog:chromeOptions".into(), options);
    ClientBuilder::new(HttpConnector::new())
        .capabilities(capabilities)
        .connect(&format!("http://127.0.0.1:{port}"))
        .await
        .expect("a browser session")
}

async fn heading(client: &Client) -> Result<String, CmdError> {
    client.find(Locator::Css("h1")).await?.text().await
}

async fn page_text(client: &Client) -> Result<String, CmdError> {
    client.find(Locator::Css("main")).await?.text().await
}

async fn path(client: &Client) -> Result<String, CmdError> {
    let url = client.current_url().await?;
    Ok(match url.fragment() {
        Some(fragment) => format!("{}#{fragment}", url.path()),
        None => url.path().to_owned(),
    })
}

/// Clicks what `locator` finds and waits for the page it leads to: a new document (the mark
/// left on the old one's window is gone) that has finished loading. Commands sent while the
/// old document is being torn down may fail; they are retried.
async fn click_through(client: &Client, locator: Locator<'_>) -> Result<(), CmdError> {
    client.execute("window.__shown = true;", vec![]).await?;
    client.find(locator).await?.click().await?;
    let loaded = "return window.__shown === undefined && document.readyState === 'complete';";
    let started = Instant::now();
    while started.elapsed() < PATIENCE {
        if let Ok(Value::Bool(true)) = client.execute(loaded, vec![]).await {
            return Ok(());
        }
        tokio::time::sleep(Duration::from_millis(25)).await;
    }
    panic!("clicking {locator:?} led to no new page within {PATIENCE:?}");
}

async fn click_button(client: &Client, label: &str) -> Result<(), CmdError> {
    let xpath = format!("//button[normalize-space()='{label}']");
    click_through(client, Locator::XPath(&xpath)).await
}

async fn click_link(client: &Client, text: &str) -> Result<(), CmdError> {
    click_through(client, Locator::LinkText(text)).await
}

async fn fill(client: &Client, css: &str, text: &str) -> Result<(), CmdError> {
    let field = client.find(Locator::Css(css)).await?;
    field.clear().await?;
    field.send_keys(text).await
}

/// The editor's password of the blog the browser drives.
const PASSWORD: &str = "a password typed in a browser";

async fn scenario(client: &Client, base: &str) -> Result<(), CmdError> {
    client.goto(&format!("{base}/")).await?;
    assert_eq!(heading(client).await?, "Articles");
    assert!(page_text(client).await?.contains("Welcome to resourceful"));
    // Signed out, the pages show no way to write.
    let nav = client.find(Locator::Css("nav")).await?.text().await?;
    assert!(!nav.contains("New article"), "{nav}");

    // The form of a new article, asked for signed out: sent to sign in, then back to it.
    client.goto(&format!("{base}/articles/new")).await?;
    assert_eq!(heading(client).await?, "Sign in");
    assert_eq!(path(client).await?, "/login");
    fill(client, "input[name=name]", "Ada").await?;
    fill(client, "input[name=password]", "not the password").await?;
    click_button(client, "Sign in").await?;
    let refused = page_text(client).await?;
    assert!(
        refused.contains("That is not the editor's password."),
        "{refused}"
    );
    fill(client, "input[name=password]", PASSWORD).await?;
    click_button(client, "Sign in").await?;
    assert_eq!(path(client).await?, "/articles/new");
    let nav = client.find(Locator::Css("nav")).await?.text().await?;
    assert!(nav.contains("Signed in as Ada (editor)"), "{nav}");

    // A new article: the empty form is refused, then a filled one is created.
    assert_eq!(heading(client).await?, "New article");
    click_button(client, "Create article").await?;
    let refused = page_text(client).await?;
    assert!(refused.contains("Title can't be blank"), "{refused}");
    assert_eq!(path(client).await?, "/articles");
    fill(client, "input[name=title]", "Written in a browser").await?;
    fill(client, "textarea[name=body]", "A first draft.").await?;
    click_button(client, "Preview").await?;
    assert_eq!(path(client).await?, "/articles/new/preview");
    let preview = client.find(Locator::Css(".preview")).await?.text().await?;
    assert_eq!(preview, "Written in a browser\nA first draft.");
    click_button(client, "Create article").await?;
    assert_eq!(heading(client).await?, "Written in a browser");
    assert_eq!(path(client).await?, "/articles/2");
    assert!(page_text(client).await?.contains("A first draft."));

    // Edited through the edit link and a PUT form.
    click_link(client, "Edit").await?;
    assert_eq!(heading(client).await?, "Edit “Written in a browser”");
    fill(client, "input[name=title]", "Edited in a browser").await?;
    click_button(client, "Update article").await?;
    assert_eq!(heading(client).await?, "Edited in a browser");
    assert_eq!(path(client).await?, "/articles/2");

    // A comment signed with the name signed in with, added then deleted.
    client.goto(&format!("{base}/articles/2")).await?;
    let author = client.find(Locator::Css("input[name=author]")).await?;
    assert_eq!(author.attr("value").await?.as_deref(), Some("Ada"));
    fill(client, "textarea[name=body]", "Well routed.").await?;
    click_button(client, "Add comment").await?;
    assert_eq!(path(client).await?, "/articles/2#comments");
    let commented = page_text(client).await?;
    assert!(commented.contains("Comments (1)"), "{commented}");
    assert!(commented.contains("Ada says:"), "{commented}");
    assert!(commented.contains("Well routed."), "{commented}");
    click_button(client, "Delete comment").await?;
    let uncommented = page_text(client).await?;
    assert!(uncommented.contains("Comments (0)"), "{uncommented}");

    // The article deleted through its DELETE button.
    click_button(client, "Delete article").await?;
    assert_eq!(path(client).await?, "/articles");
    let listed = page_text(client).await?;
    assert!(!listed.contains("Edited in a browser"), "{listed}");
    assert!(listed.contains("Welcome to resourceful"), "{listed}");
    client.goto(&format!("{base}/articles/2")).await?;
    assert_eq!(heading(client).await?, "404 Not Found");

    // A wrong verb, sent by the page's own script: 405 and the allowed methods.
    let answer = client
        .execute_async(
            "const done = arguments[arguments.length - 1];
             fetch('/articles', { method: 'DELETE' })
                 .then(r => done([r.status, r.headers.get('allow')]));",
            vec![],
        )
        .await?;
    assert_eq!(answer, json!([405, "GET, HEAD, POST"]));
    // The default route takes GET only.
    let answer = client
        .execute_async(
            "const done = arguments[arguments.length - 1];
             fetch('/articles/show/1', { method: 'DELETE' })
                 .then(r => done([r.status, r.headers.get('allow')]));",
            vec![],
        )
        .await?;
    assert_eq!(answer, json!([405, "GET, HEAD"]));
    client.goto(&format!("{base}/articles/show/1")).await?;
    assert_eq!(heading(client).await?, "Welcome to resourceful");

    // Signed out, an edit form is a sign-in away again.
    click_button(client, "Sign out").await?;
    assert_eq!(path(client).await?, "/");
    client.goto(&format!("{base}/articles/1/edit")).await?;
    assert_eq!(heading(client).await?, "Sign in");
    Ok(())
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_browser_writes_edits_comments_and_deletes() {
    let Some(chromedriver) = find_chromedriver() else {
        assert!(
            std::env::var_os("RESOURCEFUL_E2E").is_none(),
            "RESOURCEFUL_E2E is set but no chromedriver was found: install chromium-driver or \
             set CHROMEDRIVER"
        );
        // Straight to the process's stderr: the harness captures `eprintln!` from a test that
        // passes, and a skip that nobody sees reads as a browser test that ran.
        let _ = writeln!(
            std::io::stderr().lock(),
            "browser test skipped: no chromedriver on the PATH or in CHROMEDRIVER (install \
             chromium and chromium-driver; RESOURCEFUL_E2E=1 makes this a failure, as in CI)"
        );
        return;
    };
    let db = app::Db::open(":memory:", app::Caps::default()).expect("an in-memory database");
    let auth = app::Auth::new(
        app::EditorPassword::new(PASSWORD),
        &http::uri::Scheme::HTTP,
        app::SessionLimits::default(),
    );
    let router = app::router(db, std::sync::Arc::new(auth));
    let listener = tokio::net::TcpListener::bind((Ipv4Addr::LOCALHOST, 0))
        .await
        .expect("a port for the blog");
    let base = format!("http://{}", listener.local_addr().expect("its address"));
    // Served as `main.rs` serves it: `Host`, forgery protection and limits included.
    // Room for the test's twenty-odd forms at once, which a person would not post.
    let limits = app::service::Limits {
        post_burst: std::num::NonZeroU32::new(100).unwrap(),
        ..app::service::Limits::default()
    };
    let hosts = app::service::Hosts::new(Ipv4Addr::LOCALHOST.into(), []);
    let router = app::service::protect(router, hosts, &limits);
    let server = app::service::serve(listener, router, limits, std::future::pending());
    tokio::spawn(server);

    let (_driver, port) = start_driver(&chromedriver).await;
    let client = connect(port).await;
    let outcome = tokio::time::timeout(10 * PATIENCE, scenario(&client, &base)).await;
    let _ = client.close().await;
    match outcome {
        Ok(result) => result.expect("every WebDriver command succeeds"),
        Err(_) => panic!("the scenario did not finish within {:?}", 10 * PATIENCE),
    }
}

//! A blog binary run as a child process on a port of 127.0.0.1, with its database in a
//! directory of its own and a password for its editor, signed in as its editor, killed
//! (SIGKILL) when dropped.

use std::net::{Ipv4Addr, SocketAddr, TcpListener};
use std::path::{Path, PathBuf};
use std::process::{Child, Command, Stdio};
use std::time::{Duration, Instant};

use crate::http::{Conn, client_address, form};

pub struct Blog {
    child: Option<Child>,
    pub address: SocketAddr,
    pub database: PathBuf,
    binary: PathBuf,
    env: Vec<(String, String)>,
    /// The `Cookie` that names the editor's session, signed in at start (empty for a blog
    /// that gives no session, as those before sign-in did: anyone may write to them).
    pub editor: String,
}

/// The editor's password each blog is started with.
pub const EDITOR_PASSWORD: &str = "a password for the load test";

/// The client that signs in as the editor, once per start: one post of its quota each time.
const EDITOR: u32 = 9;

fn free_port() -> std::io::Result<u16> {
    Ok(TcpListener::bind((Ipv4Addr::LOCALHOST, 0))?
        .local_addr()?
        .port())
}

/// What lets a check write as fast as it can, and as much: the posting limit and the cap on
/// articles raised past anything a run reaches (a blog without them ignores the variables).
pub const UNLIMITED: [(&str, &str); 2] = [
    ("BLOG_POSTS_PER_MINUTE", "100000000"),
    ("BLOG_MAX_ARTICLES", "4000000000"),
];

impl Blog {
    /// Starts `binary` with its database at `database`, and waits until it listens.
    pub async fn start(binary: &Path, database: &Path) -> Result<Blog, String> {
        Blog::start_with(binary, database, &[]).await
    }

    /// Starts `binary` as `start` does, with `env` in its environment too.
    pub async fn start_with(
        binary: &Path,
        database: &Path,
        env: &[(&str, &str)],
    ) -> Result<Blog, String> {
        let port = free_port().map_err(|e| format!("no free port: {e}"))?;
        let mut blog = Blog {
            child: None,
            address: SocketAddr::from((Ipv4Addr::LOCALHOST, port)),
            database: database.to_owned(),
            binary: binary.to_owned(),
            env: env
                .iter()
                .map(|&(key, value)| (key.to_owned(), value.to_owned()))
                .collect(),
            editor: String::new(),
        };
        blog.spawn().await?;
        Ok(blog)
    }

    async fn spawn(&mut self) -> Result<(), String> {
        let child = Command::new(&self.binary)
            .envs(self.env.iter().map(|(key, value)| (key, value)))
            .env("PORT", self.address.port().to_string())
            .env("BLOG_DB", &self.database)
            .env("BLOG_EDITOR_PASSWORD", EDITOR_PASSWORD)
            .stdout(Stdio::null())
            .stderr(Stdio::null())
            .spawn()
            .map_err(|e| format!("cannot start {}: {e}", self.binary.display()))?;
        self.child = Some(child);
        let started = Instant::now();
        while started.elapsed() < Duration::from_secs(30) {
            if tokio::net::TcpStream::connect(self.address).await.is_ok() {
                self.editor = self.sign_in().await?;
                return Ok(());
            }
            tokio::time::sleep(Duration::from_millis(50)).await;
        }
        Err(format!(
            "{} did not listen within 30 s",
            self.binary.display()
        ))
    }

    /// Signs in with the editor's password: the session's cookie, as a `Cookie` header
    /// sends it back.
    async fn sign_in(&self) -> Result<String, String> {
        let mut conn = Conn::open_from(client_address(EDITOR), self.address)
            .await
            .map_err(|e| format!("signing in: {e}"))?;
        let body = format!("name=Load&password={}", EDITOR_PASSWORD.replace(' ', "+"));
        let bytes = form(
            "/login",
            &self.host(),
            &self.origin(),
            "same-origin",
            "",
            &body,
        );
        let reply = conn
            .send(&bytes, Duration::from_secs(30))
            .await
            .map_err(|e| format!("signing in: {e}"))?;
        if reply.status != 303 {
            return Err(format!("signing in: {} {}", reply.status, reply.text()));
        }
        let cookie = reply
            .headers
            .iter()
            .filter(|(name, _)| name == "set-cookie")
            .filter_map(|(_, value)| value.split(';').next())
            .find(|pair| pair.starts_with("blog_session="));
        Ok(cookie.unwrap_or_default().to_owned())
    }

    /// `kill -9`: no chance to flush or close anything.
    pub fn kill(&mut self) {
        if let Some(mut child) = self.child.take() {
            let _ = child.kill();
            let _ = child.wait();
        }
    }

    /// Kills it, then starts it again on the same port and database.
    pub async fn restart_after_kill(&mut self) -> Result<(), String> {
        self.kill();
        self.spawn().await
    }

    /// Kills it, then starts it again as `restart_after_kill` does, with `env` set in its
    /// environment too.
    pub async fn restart_with(&mut self, env: &[(&str, &str)]) -> Result<(), String> {
        for &(key, value) in env {
            self.env.retain(|(k, _)| k != key);
            self.env.push((key.to_owned(), value.to_owned()));
        }
        self.restart_after_kill().await
    }

    /// The processor time it has used, user and system, from Linux's `/proc` (`None`
    /// elsewhere), in the kernel's clock ticks of 10 ms (`USER_HZ`, 100 on every Linux).
    pub fn cpu_time(&self) -> Option<Duration> {
        let pid = self.child.as_ref()?.id();
        let stat = std::fs::read_to_string(format!("/proc/{pid}/stat")).ok()?;
        // The fields after the command's name, which is in parentheses and may hold spaces:
        // utime and stime are the 14th and 15th of the line.
        let rest = &stat[stat.rfind(')')? + 1..];
        let mut fields = rest.split_whitespace().skip(11);
        let user: u64 = fields.next()?.parse().ok()?;
        let system: u64 = fields.next()?.parse().ok()?;
        Some(Duration::from_millis((user + system) * 10))
    }

    /// Its resident memory in bytes, from Linux's `/proc` (`None` elsewhere).
    pub fn resident(&self) -> Option<u64> {
        let pid = self.child.as_ref()?.id();
        let status = std::fs::read_to_string(format!("/proc/{pid}/status")).ok()?;
        let line = status.lines().find(|line| line.starts_with("VmRSS:"))?;
        let kib: u64 = line.split_whitespace().nth(1)?.parse().ok()?;
        Some(kib * 1024)
    }

    /// `host:port`, as a `Host` header names it.
    pub fn host(&self) -> String {
        self.address.to_string()
    }

    /// The origin of its own pages.
    pub fn origin(&self) -> String {
        format!("http://{}", self.address)
    }
}

impl Drop for Blog {
    fn drop(&mut self) {
        self.kill();
    }
}

/// A directory for one run's databases, removed when dropped.
pub struct Scratch(pub PathBuf);

impl Scratch {
    pub fn new(name: &str) -> std::io::Result<Scratch> {
        let stamp = std::time::SystemTime::now()
            .duration_since(std::time::UNIX_EPOCH)
            .map_or(0, |d| d.as_nanos());
        let dir = std::env::temp_dir().join(format!("{name}-{}-{stamp}", std::process::id()));
        std::fs::create_dir_all(&dir)?;
        Ok(Scratch(dir))
    }

    pub fn file(&self, name: &str) -> PathBuf {
        self.0.join(name)
    }
}

impl Drop for Scratch {
    fn drop(&mut self) {
        let _ = std::fs::remove_dir_all(&self.0);
    }
}

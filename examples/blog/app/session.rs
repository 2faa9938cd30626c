//! Signing in: the editor's password, and sessions kept on the server, named by a random token
//! in an `HttpOnly; SameSite=Strict` cookie (`Secure` when the blog is published over https).
//!
//! The password is kept and compared as its SHA-256 digest, in constant time. A session is
//! found by the digest of its token, so that the table holds nothing a client could send;
//! it ends when its visitor signs out, after `idle` without a request, `lifetime` after it
//! began, or when the blog restarts (the table is in memory). The table holds at most
//! `capacity` sessions: past it, the expired go first, then the reader least recently seen,
//! so that visitors who sign in to comment never push an editor out.

use std::collections::HashMap;
use std::sync::{Mutex, MutexGuard, PoisonError};
use std::time::Duration;

use axum::http::header::{COOKIE, HeaderMap};
use axum::http::uri::Scheme;
use sha2::{Digest, Sha256};
use subtle::ConstantTimeEq;
use tokio::time::Instant;

use super::policy::Visitor;

/// The cookie that names a session.
pub const COOKIE_NAME: &str = "blog_session";

/// The editor's password, as its digest.
pub struct EditorPassword([u8; 32]);

impl EditorPassword {
    /// Fewest characters a chosen password may have: each client may try 30 a minute.
    pub const SHORTEST: usize = 12;

    pub fn new(password: &str) -> Self {
        EditorPassword(Sha256::digest(password.as_bytes()).into())
    }

    /// A password of 128 random bits from the operating system, as 32 hex digits, and the
    /// text to show.
    pub fn generate() -> Result<(Self, String), getrandom::Error> {
        let mut bytes = [0u8; 16];
        getrandom::fill(&mut bytes)?;
        let text = hex(&bytes);
        Ok((EditorPassword::new(&text), text))
    }

    /// Whether `given` is the password: digests compared in constant time, so that how long
    /// a refusal takes says nothing of how much of a guess was right, nor of the password's
    /// length.
    pub fn matches(&self, given: &str) -> bool {
        let digest: [u8; 32] = Sha256::digest(given.as_bytes()).into();
        digest.ct_eq(&self.0).into()
    }
}

/// How many sessions are kept, and how long.
#[derive(Debug, Clone, Copy)]
pub struct SessionLimits {
    pub capacity: usize,
    /// Without a request for this long, a session ends.
    pub idle: Duration,
    /// A session ends this long after it began, however busy.
    pub lifetime: Duration,
}

impl Default for SessionLimits {
    fn default() -> Self {
        SessionLimits {
            capacity: 10_000,
            // Long enough to write an article without losing it to a sign-in.
            idle: Duration::from_secs(2 * 60 * 60),
            lifetime: Duration::from_secs(12 * 60 * 60),
        }
    }
}

struct Session {
    name: String,
    editor: bool,
    began: Instant,
    seen: Instant,
}

impl Session {
    fn expired(&self, limits: &SessionLimits, now: Instant) -> bool {
        now.duration_since(self.seen) >= limits.idle
            || now.duration_since(self.began) >= limits.lifetime
    }
}

/// The sessions, by the digest of their tokens.
pub struct Sessions {
    limits: SessionLimits,
    table: Mutex<HashMap<[u8; 32], Session>>,
}

impl Sessions {
    pub fn new(limits: SessionLimits) -> Self {
        Sessions {
            limits,
            table: Mutex::default(),
        }
    }

    /// A new session for `name`, and its token: 256 random bits from the operating system,
    /// as 64 hex digits.
    pub fn open(&self, name: &str, editor: bool) -> Result<String, getrandom::Error> {
        let mut bytes = [0u8; 32];
        getrandom::fill(&mut bytes)?;
        let token = hex(&bytes);
        let now = Instant::now();
        let mut table = lock(&self.table);
        if table.len() >= self.limits.capacity {
            table.retain(|_, session| !session.expired(&self.limits, now));
        }
        if table.len() >= self.limits.capacity {
            // The reader least recently seen, or where there is none, the editor.
            let oldest = table
                .iter()
                .min_by_key(|(_, session)| (session.editor, session.seen))
                .map(|(key, _)| *key);
            if let Some(oldest) = oldest {
                table.remove(&oldest);
            }
        }
        let session = Session {
            name: name.to_owned(),
            editor,
            began: now,
            seen: now,
        };
        table.insert(digest(&token), session);
        Ok(token)
    }

    /// The visitor whose session `token` names, marked as seen now; anonymous when it names
    /// none, or one that has expired (which is then removed).
    pub fn find(&self, token: &str) -> Visitor {
        let key = digest(token);
        let now = Instant::now();
        let mut table = lock(&self.table);
        let Some(session) = table.get_mut(&key) else {
            return Visitor::Anonymous;
        };
        if session.expired(&self.limits, now) {
            table.remove(&key);
            return Visitor::Anonymous;
        }
        session.seen = now;
        let name = session.name.clone();
        if session.editor {
            Visitor::Editor(name)
        } else {
            Visitor::Reader(name)
        }
    }

    /// Ends the session `token` names, if any.
    pub fn close(&self, token: &str) {
        lock(&self.table).remove(&digest(token));
    }

    /// How many sessions are kept, expired ones included until they are swept.
    pub fn len(&self) -> usize {
        lock(&self.table).len()
    }
}

/// Who may sign in as an editor, the sessions, and how their cookie is written.
pub struct Auth {
    password: EditorPassword,
    pub sessions: Sessions,
    secure: bool,
}

impl Auth {
    /// `scheme` is the one the blog is published under, the forgery check's: over https the
    /// cookie is `Secure`, so that a browser never sends it over plain HTTP.
    pub fn new(password: EditorPassword, scheme: &Scheme, limits: SessionLimits) -> Self {
        Auth {
            password,
            sessions: Sessions::new(limits),
            secure: *scheme == Scheme::HTTPS,
        }
    }

    pub fn password(&self) -> &EditorPassword {
        &self.password
    }

    /// The visitor whose session the request's cookie names.
    pub fn visitor(&self, headers: &HeaderMap) -> Visitor {
        token(headers).map_or(Visitor::Anonymous, |token| self.sessions.find(token))
    }

    /// The `Set-Cookie` value that hands a session's token to the browser: sent back to this
    /// site only, to its every path, never to a script, and never with a request another site
    /// started (`SameSite=Strict`: a link followed from elsewhere arrives signed out). With
    /// no `Max-Age`, the browser keeps it until it closes; the server ends it sooner.
    pub fn cookie(&self, token: &str) -> String {
        format!(
            "{COOKIE_NAME}={token}; Path=/; HttpOnly; SameSite=Strict{}",
            if self.secure { "; Secure" } else { "" }
        )
    }

    /// The `Set-Cookie` value that removes it.
    pub fn expired_cookie(&self) -> String {
        format!(
            "{COOKIE_NAME}=; Path=/; Max-Age=0; HttpOnly; SameSite=Strict{}",
            if self.secure { "; Secure" } else { "" }
        )
    }
}

/// The session token among the request's cookies: 64 hex digits, or none.
pub fn token(headers: &HeaderMap) -> Option<&str> {
    headers
        .get_all(COOKIE)
        .iter()
        .filter_map(|value| value.to_str().ok())
        .flat_map(|value| value.split(';'))
        .find_map(|pair| pair.trim().strip_prefix(COOKIE_NAME)?.strip_prefix('='))
        .filter(|token| token.len() == 64 && token.bytes().all(|b| b.is_ascii_hexdigit()))
}

fn digest(token: &str) -> [u8; 32] {
    Sha256::digest(token.as_bytes()).into()
}

fn hex(bytes: &[u8]) -> String {
    bytes.iter().map(|b| format!("{b:02x}")).collect()
}

/// The table; a panic elsewhere while it was held leaves it usable (each change is one step).
fn lock<T>(mutex: &Mutex<T>) -> MutexGuard<'_, T> {
    mutex.lock().unwrap_or_else(PoisonError::into_inner)
}

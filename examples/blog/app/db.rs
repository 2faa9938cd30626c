//! The blog's storage: SQLite through rusqlite, kept off the runtime's worker threads.
//!
//! rusqlite is synchronous, and SQLite may wait (on a lock another process holds, on the disk):
//! every query runs on Tokio's blocking pool (`spawn_blocking`), so that a wait stalls the one
//! request that needs the database, never the workers that serve every other. The file is in
//! WAL mode, where readers and the writer do not block each other: reads run on a small pool
//! of read-only connections, writes on one connection, one at a time (SQLite allows one
//! writer; queueing them here, on an async semaphore, keeps waiting writers off the blocking
//! pool's threads). A lock held by another process is waited for up to `BUSY_TIMEOUT`, then
//! answered with 503. Commits are durable against the process being killed (WAL with
//! `synchronous = NORMAL`: a committed transaction is in the WAL file before the answer),
//! though not against the machine losing power.
//!
//! An in-memory database (`:memory:`, for tests) is one connection, used for reads and writes.

use std::sync::{Arc, Mutex, MutexGuard, PoisonError};
use std::time::Duration;

use rusqlite::{Connection, ErrorCode, OpenFlags, OptionalExtension, params};
use tokio::sync::Semaphore;

#[derive(Debug, Clone)]
pub struct Article {
    pub id: i64,
    pub title: String,
    pub body: String,
}

/// An article as lists show it: no body.
#[derive(Debug, Clone)]
pub struct Summary {
    pub id: i64,
    pub title: String,
}

#[derive(Debug, Clone)]
pub struct Comment {
    pub id: i64,
    pub article_id: i64,
    pub author: String,
    pub body: String,
}

#[derive(Debug, Clone)]
pub struct Account {
    pub name: String,
    pub bio: String,
}

/// One page of a list, how many pages there are and how many items in all.
#[derive(Debug, Clone)]
pub struct Page<T> {
    pub items: Vec<T>,
    pub pages: u32,
    pub total: i64,
}

/// Why a query failed.
#[derive(Debug)]
pub enum Error {
    /// Another process held a lock for longer than `BUSY_TIMEOUT`.
    Busy,
    /// The table holds as many rows as its cap ([`Caps`]) lets it.
    Full,
    /// SQLite refused the query.
    Sqlite(rusqlite::Error),
    /// The thread running it panicked.
    Lost,
}

impl From<rusqlite::Error> for Error {
    fn from(error: rusqlite::Error) -> Self {
        match error.sqlite_error_code() {
            Some(ErrorCode::DatabaseBusy | ErrorCode::DatabaseLocked) => Error::Busy,
            _ => Error::Sqlite(error),
        }
    }
}

impl std::fmt::Display for Error {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            Error::Busy => write!(f, "the database stayed locked for {BUSY_TIMEOUT:?}"),
            Error::Full => write!(f, "the table holds as many rows as it may"),
            Error::Sqlite(error) => write!(f, "{error}"),
            Error::Lost => write!(f, "the query's thread panicked"),
        }
    }
}

pub type Result<T> = std::result::Result<T, Error>;

/// How long a query waits for a lock another process holds.
pub const BUSY_TIMEOUT: Duration = Duration::from_secs(5);

/// How many read-only connections may be open at once.
const READERS: usize = 8;

#[derive(Clone)]
pub struct Db(Arc<Inner>);

/// How many articles and comments the database may hold: each is bounded in length, so that
/// the text they hold is bounded too (an article of 20,000 characters is at most 80 kB, a
/// comment of 2,000 at most 8 kB), whoever posts them.
#[derive(Debug, Clone, Copy)]
pub struct Caps {
    pub articles: u32,
    pub comments: u32,
}

impl Default for Caps {
    /// 10,000 articles and 100,000 comments: at most about 0.8 GB of text each.
    fn default() -> Self {
        Caps {
            articles: 10_000,
            comments: 100_000,
        }
    }
}

struct Inner {
    /// The writer, and for an in-memory database the only connection.
    writer: Mutex<Connection>,
    writing: Semaphore,
    /// Where to open readers: `None` in memory, where the writer reads too.
    location: Option<String>,
    idle: Mutex<Vec<Connection>>,
    reading: Semaphore,
    caps: Caps,
}

const SCHEMA: &str = "
    CREATE TABLE IF NOT EXISTS articles (
        id INTEGER PRIMARY KEY AUTOINCREMENT,
        title TEXT NOT NULL,
        body TEXT NOT NULL
    );
    CREATE TABLE IF NOT EXISTS comments (
        id INTEGER PRIMARY KEY AUTOINCREMENT,
        article_id INTEGER NOT NULL REFERENCES articles(id) ON DELETE CASCADE,
        author TEXT NOT NULL,
        body TEXT NOT NULL
    );
    CREATE INDEX IF NOT EXISTS comments_by_article ON comments (article_id);
    -- Redundant with the rowid, but small: counting the articles (the cap on adding one)
    -- walks it instead of every article's text.
    CREATE INDEX IF NOT EXISTS articles_by_id ON articles (id);
    CREATE TABLE IF NOT EXISTS account (
        id INTEGER PRIMARY KEY CHECK (id = 1),
        name TEXT NOT NULL,
        bio TEXT NOT NULL
    );
    INSERT OR IGNORE INTO account (id, name, bio) VALUES (1, 'The author', '');
";

/// Databases made before ids were `AUTOINCREMENT` reused the id of the last article deleted,
/// so that a form for the old one acted on the new: their tables are copied into the new
/// schema, keeping every id, and each table's sequence is then seeded past every id the old
/// schema can have given (`seed_sequences`).
const UPGRADE_IDS: &str = "
    ALTER TABLE articles RENAME TO articles_reused_ids;
    ALTER TABLE comments RENAME TO comments_reused_ids;
    CREATE TABLE articles (
        id INTEGER PRIMARY KEY AUTOINCREMENT,
        title TEXT NOT NULL,
        body TEXT NOT NULL
    );
    CREATE TABLE comments (
        id INTEGER PRIMARY KEY AUTOINCREMENT,
        article_id INTEGER NOT NULL REFERENCES articles(id) ON DELETE CASCADE,
        author TEXT NOT NULL,
        body TEXT NOT NULL
    );
    INSERT INTO articles (id, title, body) SELECT id, title, body FROM articles_reused_ids;
    INSERT INTO comments (id, article_id, author, body)
        SELECT id, article_id, author, body FROM comments_reused_ids;
    DROP TABLE comments_reused_ids;
    DROP TABLE articles_reused_ids;
";

fn configure(connection: &Connection) -> rusqlite::Result<()> {
    connection.busy_timeout(BUSY_TIMEOUT)?;
    connection.pragma_update(None, "foreign_keys", "ON")?;
    Ok(())
}

/// Whether the table exists with ids that may be reused.
fn reuses_ids(connection: &Connection, table: &str) -> rusqlite::Result<bool> {
    let sql: Option<String> = connection
        .query_row(
            "SELECT sql FROM sqlite_master WHERE type = 'table' AND name = ?1",
            [table],
            |row| row.get(0),
        )
        .optional()?;
    Ok(sql.is_some_and(|sql| !sql.to_ascii_uppercase().contains("AUTOINCREMENT")))
}

/// The number of write transactions committed to the database file in a rollback journal,
/// which SQLite keeps in the file's header (the "file change counter", a big-endian `u32` at
/// offset 24); 0 for a database that is not a file.
fn change_counter(connection: &Connection) -> rusqlite::Result<u32> {
    use std::io::Read;
    let Some(path) = connection.path().filter(|path| !path.is_empty()) else {
        return Ok(0);
    };
    let mut header = [0u8; 28];
    std::fs::File::open(path)
        .and_then(|mut file| file.read_exact(&mut header))
        .map_err(|error| failure(format!("cannot read the header of {path}: {error}")))?;
    if !header.starts_with(b"SQLite format 3\0") {
        return Err(failure(format!("{path} is not an SQLite database")));
    }
    Ok(u32::from_be_bytes([
        header[24], header[25], header[26], header[27],
    ]))
}

/// The old schema gave each new row the highest id in its table plus one, and recorded no
/// other: the ids of rows deleted above the highest kept are gone. But each id it gave was
/// at most the number of rows ever inserted, each insert of the old blog was a transaction
/// of its own, and in a rollback journal (the old blog's) SQLite counts every transaction
/// that changes the file: so that count bounds every id ever given, and the sequences start
/// past it (or past the highest id kept, if higher).
fn seed_sequences(transaction: &Connection, transactions: u32) -> rusqlite::Result<()> {
    for table in ["articles", "comments"] {
        transaction.execute("DELETE FROM sqlite_sequence WHERE name = ?1", [table])?;
        transaction.execute(
            &format!(
                "INSERT INTO sqlite_sequence (name, seq)
                 SELECT ?1, max(?2, coalesce(max(id), 0)) FROM {table}"
            ),
            params![table, transactions],
        )?;
    }
    Ok(())
}

fn migrate(connection: &mut Connection) -> rusqlite::Result<()> {
    if reuses_ids(connection, "articles")? || reuses_ids(connection, "comments")? {
        let transactions = change_counter(connection)?;
        // Renaming a table that others reference is done with the references off, in one
        // transaction, and checked before it commits.
        connection.pragma_update(None, "foreign_keys", "OFF")?;
        connection.pragma_update(None, "legacy_alter_table", "ON")?;
        let transaction = connection.transaction()?;
        transaction.execute_batch(UPGRADE_IDS)?;
        seed_sequences(&transaction, transactions)?;
        let broken: i64 =
            transaction.query_row("SELECT count(*) FROM pragma_foreign_key_check", [], |row| {
                row.get(0)
            })?;
        if broken > 0 {
            return Err(failure(format!(
                "{broken} comments name no article after the upgrade"
            )));
        }
        transaction.commit()?;
        connection.pragma_update(None, "legacy_alter_table", "OFF")?;
        connection.pragma_update(None, "foreign_keys", "ON")?;
    }
    connection.execute_batch(SCHEMA)
}

impl Db {
    /// Opens (creating it on first run) the database at `location`, or one in memory for
    /// `:memory:`, to hold at most what `caps` says; a new database gets a first article to
    /// look at. Blocking: call it before serving.
    pub fn open(location: &str, caps: Caps) -> rusqlite::Result<Db> {
        let in_memory = location == ":memory:";
        let mut writer = if in_memory {
            Connection::open_in_memory()?
        } else {
            Connection::open(location)?
        };
        configure(&writer)?;
        if !in_memory {
            let mode: String =
                writer.pragma_update_and_check(None, "journal_mode", "WAL", |row| row.get(0))?;
            if !mode.eq_ignore_ascii_case("wal") {
                return Err(failure(format!(
                    "the database cannot use WAL (journal mode `{mode}`)"
                )));
            }
            writer.pragma_update(None, "synchronous", "NORMAL")?;
        }
        migrate(&mut writer)?;
        let empty: bool =
            writer.query_row("SELECT NOT EXISTS (SELECT 1 FROM articles)", [], |row| {
                row.get(0)
            })?;
        if empty {
            writer.execute(
                "INSERT INTO articles (title, body) VALUES (?1, ?2)",
                params![
                    "Welcome to resourceful",
                    "Every link and form on these pages is built by a helper that routes! \
                     generated, and every request is recognised by the same table."
                ],
            )?;
            let id = writer.last_insert_rowid();
            writer.execute(
                "INSERT INTO comments (article_id, author, body) VALUES (?1, ?2, ?3)",
                params![id, "Rails", "Looks familiar."],
            )?;
        }
        Ok(Db(Arc::new(Inner {
            writer: Mutex::new(writer),
            writing: Semaphore::new(1),
            location: (!in_memory).then(|| location.to_owned()),
            idle: Mutex::new(Vec::new()),
            reading: Semaphore::new(READERS),
            caps,
        })))
    }

    /// Runs `query` on a read-only connection, on the blocking pool.
    async fn read<T, F>(&self, query: F) -> Result<T>
    where
        F: FnOnce(&Connection) -> rusqlite::Result<T> + Send + 'static,
        T: Send + 'static,
    {
        let Some(location) = self.0.location.clone() else {
            return self.write(query).await;
        };
        let _permit = self.0.reading.acquire().await.map_err(|_| Error::Lost)?;
        let inner = Arc::clone(&self.0);
        let run = move || {
            let idle = lock(&inner.idle).pop();
            let connection = match idle {
                Some(connection) => connection,
                None => {
                    let flags = OpenFlags::SQLITE_OPEN_READ_ONLY | OpenFlags::SQLITE_OPEN_NO_MUTEX;
                    let connection = Connection::open_with_flags(&location, flags)?;
                    configure(&connection)?;
                    connection
                }
            };
            let answer = query(&connection);
            lock(&inner.idle).push(connection);
            Ok(answer?)
        };
        tokio::task::spawn_blocking(run)
            .await
            .unwrap_or(Err(Error::Lost))
    }

    /// Runs `query` on the writer, after the writes before it, on the blocking pool.
    async fn write<T, F>(&self, query: F) -> Result<T>
    where
        F: FnOnce(&Connection) -> rusqlite::Result<T> + Send + 'static,
        T: Send + 'static,
    {
        let _turn = self.0.writing.acquire().await.map_err(|_| Error::Lost)?;
        let inner = Arc::clone(&self.0);
        let run = move || Ok(query(&lock(&inner.writer))?);
        tokio::task::spawn_blocking(run)
            .await
            .unwrap_or(Err(Error::Lost))
    }

    /// Page `page` (from 1) of the articles, `per_page` to a page, oldest first.
    pub async fn articles_page(&self, page: u32, per_page: u32) -> Result<Page<Summary>> {
        self.read(move |connection| {
            let total: i64 =
                connection.query_row("SELECT count(*) FROM articles", [], |row| row.get(0))?;
            let mut statement = connection
                .prepare_cached("SELECT id, title FROM articles ORDER BY id LIMIT ?1 OFFSET ?2")?;
            let rows = statement.query_map(params![per_page, offset(page, per_page)], summary)?;
            Ok(Page {
                items: rows.collect::<rusqlite::Result<_>>()?,
                pages: pages(total, per_page),
                total,
            })
        })
        .await
    }

    /// The `count` latest articles, newest first.
    pub async fn recent_articles(&self, count: u32) -> Result<Vec<Summary>> {
        self.read(move |connection| {
            let mut statement = connection
                .prepare_cached("SELECT id, title FROM articles ORDER BY id DESC LIMIT ?1")?;
            let rows = statement.query_map([count], summary)?;
            rows.collect()
        })
        .await
    }

    pub async fn article(&self, id: i64) -> Result<Option<Article>> {
        self.read(move |connection| {
            connection
                .prepare_cached("SELECT id, title, body FROM articles WHERE id = ?1")?
                .query_row([id], article)
                .optional()
        })
        .await
    }

    /// The article and page `page` (from 1) of its comments, `per_page` to a page, oldest
    /// first, read in one trip to the blocking pool.
    pub async fn article_with_comments(
        &self,
        id: i64,
        page: u32,
        per_page: u32,
    ) -> Result<Option<(Article, Page<Comment>)>> {
        self.read(move |connection| {
            let found = connection
                .prepare_cached("SELECT id, title, body FROM articles WHERE id = ?1")?
                .query_row([id], article)
                .optional()?;
            let Some(found) = found else {
                return Ok(None);
            };
            let comments = comments_of(connection, id, page, per_page)?;
            Ok(Some((found, comments)))
        })
        .await
    }

    /// Adds an article, unless there are as many as the caps allow ([`Error::Full`]).
    pub async fn create_article(&self, title: String, body: String) -> Result<i64> {
        let cap = self.0.caps.articles;
        let id = self
            .write(move |connection| {
                let inserted = connection
                    .prepare_cached(
                        "INSERT INTO articles (title, body) \
                         SELECT ?1, ?2 WHERE (SELECT count(*) FROM articles) < ?3",
                    )?
                    .execute(params![title, body, cap])?;
                Ok((inserted == 1).then(|| connection.last_insert_rowid()))
            })
            .await?;
        id.ok_or(Error::Full)
    }

    /// Whether there was such an article to update.
    pub async fn update_article(&self, id: i64, title: String, body: String) -> Result<bool> {
        self.write(move |connection| {
            let changed = connection
                .prepare_cached("UPDATE articles SET title = ?2, body = ?3 WHERE id = ?1")?
                .execute(params![id, title, body])?;
            Ok(changed == 1)
        })
        .await
    }

    /// Whether there was such an article to delete (its comments go with it).
    pub async fn delete_article(&self, id: i64) -> Result<bool> {
        self.write(move |connection| {
            let changed = connection
                .prepare_cached("DELETE FROM articles WHERE id = ?1")?
                .execute([id])?;
            Ok(changed == 1)
        })
        .await
    }

    /// Page `page` (from 1) of the article's comments, `per_page` to a page, oldest first.
    pub async fn comments(
        &self,
        article_id: i64,
        page: u32,
        per_page: u32,
    ) -> Result<Page<Comment>> {
        self.read(move |connection| comments_of(connection, article_id, page, per_page))
            .await
    }

    /// Page `page` (from 1) of every comment with the title of its article, `per_page` to a
    /// page, newest first.
    pub async fn all_comments(&self, page: u32, per_page: u32) -> Result<Page<(Comment, String)>> {
        self.read(move |connection| {
            let total: i64 =
                connection.query_row("SELECT count(*) FROM comments", [], |row| row.get(0))?;
            let mut statement = connection.prepare_cached(
                "SELECT c.id, c.article_id, c.author, c.body, a.title
                 FROM comments c JOIN articles a ON a.id = c.article_id
                 ORDER BY c.id DESC LIMIT ?1 OFFSET ?2",
            )?;
            let rows = statement.query_map(params![per_page, offset(page, per_page)], |row| {
                Ok((comment(row)?, row.get(4)?))
            })?;
            Ok(Page {
                items: rows.collect::<rusqlite::Result<_>>()?,
                pages: pages(total, per_page),
                total,
            })
        })
        .await
    }

    /// Adds a comment; how many comments the article has with it, which says where it is
    /// among them, as ids only grow. None when there is no such article; [`Error::Full`]
    /// when there are as many comments as the caps allow.
    pub async fn create_comment(
        &self,
        article_id: i64,
        author: String,
        body: String,
    ) -> Result<Option<i64>> {
        let cap = self.0.caps.comments;
        self.write(move |connection| {
            // One statement, so that an article deleted since the handler read it
            // (another request, between the two) takes nothing: none, rather than the
            // foreign key's refusal, which would be a 500.
            let inserted = connection
                .prepare_cached(
                    "INSERT INTO comments (article_id, author, body) \
                         SELECT ?1, ?2, ?3 WHERE EXISTS (SELECT 1 FROM articles WHERE id = ?1) \
                         AND (SELECT count(*) FROM comments) < ?4",
                )?
                .execute(params![article_id, author, body, cap])?;
            if inserted == 0 {
                let exists: bool = connection
                    .prepare_cached("SELECT EXISTS (SELECT 1 FROM articles WHERE id = ?1)")?
                    .query_row([article_id], |row| row.get(0))?;
                return Ok(if exists { Err(Error::Full) } else { Ok(None) });
            }
            connection
                .prepare_cached("SELECT count(*) FROM comments WHERE article_id = ?1")?
                .query_row([article_id], |row| row.get(0))
                .map(|count| Ok(Some(count)))
        })
        .await?
    }

    /// Whether there was such a comment (on that article, when one is given) to delete.
    pub async fn delete_comment(&self, article_id: Option<i64>, id: i64) -> Result<bool> {
        self.write(move |connection| {
            let changed = connection
                .prepare_cached(
                    "DELETE FROM comments WHERE id = ?1 AND (?2 IS NULL OR article_id = ?2)",
                )?
                .execute(params![id, article_id])?;
            Ok(changed == 1)
        })
        .await
    }

    pub async fn account(&self) -> Result<Account> {
        self.read(|connection| {
            connection.query_row("SELECT name, bio FROM account WHERE id = 1", [], |row| {
                Ok(Account {
                    name: row.get(0)?,
                    bio: row.get(1)?,
                })
            })
        })
        .await
    }

    pub async fn update_account(&self, name: String, bio: String) -> Result<()> {
        self.write(move |connection| {
            connection.execute(
                "UPDATE account SET name = ?1, bio = ?2 WHERE id = 1",
                params![name, bio],
            )?;
            Ok(())
        })
        .await
    }
}

/// An error of this module's own, as SQLite's errors are reported.
fn failure(message: String) -> rusqlite::Error {
    let code = rusqlite::ffi::Error::new(rusqlite::ffi::SQLITE_ERROR);
    rusqlite::Error::SqliteFailure(code, Some(message))
}

/// A connection or the pool; a panic elsewhere while it was held leaves it usable.
fn lock<T>(mutex: &Mutex<T>) -> MutexGuard<'_, T> {
    mutex.lock().unwrap_or_else(PoisonError::into_inner)
}

/// How many pages of `per_page` hold `total` items: at least one, empty as it may be.
pub fn pages(total: i64, per_page: u32) -> u32 {
    let per_page = i64::from(per_page.max(1));
    u32::try_from((total + per_page - 1) / per_page)
        .unwrap_or(u32::MAX)
        .max(1)
}

/// How many items come before page `page` (from 1).
fn offset(page: u32, per_page: u32) -> i64 {
    i64::from(page.saturating_sub(1)) * i64::from(per_page)
}

fn comments_of(
    connection: &Connection,
    article_id: i64,
    page: u32,
    per_page: u32,
) -> rusqlite::Result<Page<Comment>> {
    let total: i64 = connection
        .prepare_cached("SELECT count(*) FROM comments WHERE article_id = ?1")?
        .query_row([article_id], |row| row.get(0))?;
    let mut statement = connection.prepare_cached(
        "SELECT id, article_id, author, body FROM comments WHERE article_id = ?1
         ORDER BY id LIMIT ?2 OFFSET ?3",
    )?;
    let rows = statement.query_map(
        params![article_id, per_page, offset(page, per_page)],
        comment,
    )?;
    Ok(Page {
        items: rows.collect::<rusqlite::Result<_>>()?,
        pages: pages(total, per_page),
        total,
    })
}

fn article(row: &rusqlite::Row<'_>) -> rusqlite::Result<Article> {
    Ok(Article {
        id: row.get(0)?,
        title: row.get(1)?,
        body: row.get(2)?,
    })
}

fn summary(row: &rusqlite::Row<'_>) -> rusqlite::Result<Summary> {
    Ok(Summary {
        id: row.get(0)?,
        title: row.get(1)?,
    })
}

fn comment(row: &rusqlite::Row<'_>) -> rusqlite::Result<Comment> {
    Ok(Comment {
        id: row.get(0)?,
        article_id: row.get(1)?,
        author: row.get(2)?,
        body: row.get(3)?,
    })
}

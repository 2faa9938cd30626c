//! The blog's storage: SQLite through rusqlite, one connection behind a mutex (every query is
//! short; a larger application would use a pool or `spawn_blocking`).

use std::sync::{Arc, Mutex, MutexGuard, PoisonError};

use resourceful::ToParam;
use rusqlite::{Connection, OptionalExtension, params};

#[derive(Debug, Clone, ToParam)]
pub struct Article {
    pub id: i64,
    pub title: String,
    pub body: String,
}

#[derive(Debug, Clone, ToParam)]
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

#[derive(Clone)]
pub struct Db(Arc<Mutex<Connection>>);

const SCHEMA: &str = "
    PRAGMA foreign_keys = ON;
    CREATE TABLE IF NOT EXISTS articles (
        id INTEGER PRIMARY KEY,
        title TEXT NOT NULL,
        body TEXT NOT NULL
    );
    CREATE TABLE IF NOT EXISTS comments (
        id INTEGER PRIMARY KEY,
        article_id INTEGER NOT NULL REFERENCES articles(id) ON DELETE CASCADE,
        author TEXT NOT NULL,
        body TEXT NOT NULL
    );
    CREATE TABLE IF NOT EXISTS account (
        id INTEGER PRIMARY KEY CHECK (id = 1),
        name TEXT NOT NULL,
        bio TEXT NOT NULL
    );
    INSERT OR IGNORE INTO account (id, name, bio) VALUES (1, 'The author', '');
";

impl Db {
    /// Opens (creating it on first run) the database at `location`, or one in memory for
    /// `:memory:`; a new database gets a first article to look at.
    pub fn open(location: &str) -> rusqlite::Result<Db> {
        let connection = if location == ":memory:" {
            Connection::open_in_memory()?
        } else {
            Connection::open(location)?
        };
        connection.execute_batch(SCHEMA)?;
        let db = Db(Arc::new(Mutex::new(connection)));
        if db.articles()?.is_empty() {
            let id = db.create_article(
                "Welcome to resourceful",
                "Every link and form on these pages is built by a helper that routes! \
                 generated, and every request is recognised by the same table.",
            )?;
            db.create_comment(id, "Rails", "Looks familiar.")?;
        }
        Ok(db)
    }

    /// The connection; a panic elsewhere while it was held leaves it usable.
    fn connection(&self) -> MutexGuard<'_, Connection> {
        self.0.lock().unwrap_or_else(PoisonError::into_inner)
    }

    pub fn articles(&self) -> rusqlite::Result<Vec<Article>> {
        let connection = self.connection();
        let mut statement =
            connection.prepare("SELECT id, title, body FROM articles ORDER BY id")?;
        let rows = statement.query_map([], article)?;
        rows.collect()
    }

    /// The `count` latest articles, newest first.
    pub fn recent_articles(&self, count: u32) -> rusqlite::Result<Vec<Article>> {
        let connection = self.connection();
        let mut statement =
            connection.prepare("SELECT id, title, body FROM articles ORDER BY id DESC LIMIT ?1")?;
        let rows = statement.query_map([count], article)?;
        rows.collect()
    }

    pub fn article(&self, id: i64) -> rusqlite::Result<Option<Article>> {
        self.connection()
            .query_row(
                "SELECT id, title, body FROM articles WHERE id = ?1",
                [id],
                article,
            )
            .optional()
    }

    pub fn create_article(&self, title: &str, body: &str) -> rusqlite::Result<i64> {
        let connection = self.connection();
        connection.execute(
            "INSERT INTO articles (title, body) VALUES (?1, ?2)",
            params![title, body],
        )?;
        Ok(connection.last_insert_rowid())
    }

    /// Whether there was such an article to update.
    pub fn update_article(&self, id: i64, title: &str, body: &str) -> rusqlite::Result<bool> {
        let changed = self.connection().execute(
            "UPDATE articles SET title = ?2, body = ?3 WHERE id = ?1",
            params![id, title, body],
        )?;
        Ok(changed == 1)
    }

    /// Whether there was such an article to delete (its comments go with it).
    pub fn delete_article(&self, id: i64) -> rusqlite::Result<bool> {
        let changed = self
            .connection()
            .execute("DELETE FROM articles WHERE id = ?1", [id])?;
        Ok(changed == 1)
    }

    pub fn comments(&self, article_id: i64) -> rusqlite::Result<Vec<Comment>> {
        let connection = self.connection();
        let mut statement = connection.prepare(
            "SELECT id, article_id, author, body FROM comments WHERE article_id = ?1 ORDER BY id",
        )?;
        let rows = statement.query_map([article_id], comment)?;
        rows.collect()
    }

    /// Every comment with the title of its article, newest first.
    pub fn all_comments(&self) -> rusqlite::Result<Vec<(Comment, String)>> {
        let connection = self.connection();
        let mut statement = connection.prepare(
            "SELECT c.id, c.article_id, c.author, c.body, a.title
             FROM comments c JOIN articles a ON a.id = c.article_id ORDER BY c.id DESC",
        )?;
        let rows = statement.query_map([], |row| Ok((comment(row)?, row.get(4)?)))?;
        rows.collect()
    }

    pub fn create_comment(
        &self,
        article_id: i64,
        author: &str,
        body: &str,
    ) -> rusqlite::Result<i64> {
        let connection = self.connection();
        connection.execute(
            "INSERT INTO comments (article_id, author, body) VALUES (?1, ?2, ?3)",
            params![article_id, author, body],
        )?;
        Ok(connection.last_insert_rowid())
    }

    /// Whether there was such a comment (on that article, when one is given) to delete.
    pub fn delete_comment(&self, article_id: Option<i64>, id: i64) -> rusqlite::Result<bool> {
        let changed = self.connection().execute(
            "DELETE FROM comments WHERE id = ?1 AND (?2 IS NULL OR article_id = ?2)",
            params![id, article_id],
        )?;
        Ok(changed == 1)
    }

    pub fn account(&self) -> rusqlite::Result<Account> {
        self.connection()
            .query_row("SELECT name, bio FROM account WHERE id = 1", [], |row| {
                Ok(Account {
                    name: row.get(0)?,
                    bio: row.get(1)?,
                })
            })
    }

    pub fn update_account(&self, name: &str, bio: &str) -> rusqlite::Result<()> {
        self.connection().execute(
            "UPDATE account SET name = ?1, bio = ?2 WHERE id = 1",
            params![name, bio],
        )?;
        Ok(())
    }
}

fn article(row: &rusqlite::Row<'_>) -> rusqlite::Result<Article> {
    Ok(Article {
        id: row.get(0)?,
        title: row.get(1)?,
        body: row.get(2)?,
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

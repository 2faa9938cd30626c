//! The command line: `tracker DIR [--port PORT]`.

use std::ffi::OsString;
use std::path::PathBuf;

/// The port served when neither `--port` nor `PORT` gives one.
pub const DEFAULT_PORT: u16 = 3001;

/// What `--help` prints, and what a mistake on the command line is followed by.
pub const USAGE: &str = "usage: tracker DIR [--port PORT]

Serves the tracker's routes on 127.0.0.1, with a repository browser over DIR
(under any project id). The port is --port, else $PORT, else 3001.";

/// What the command line asks for.
#[derive(Debug, PartialEq, Eq)]
pub enum Command {
    Help,
    Serve { dir: PathBuf, port: u16 },
}

/// The command line (without the program's name), with `PORT` from the environment.
pub fn command(
    args: impl IntoIterator<Item = OsString>,
    env_port: Option<&str>,
) -> Result<Command, String> {
    let parse = |text: &str, from: &str| {
        text.parse::<u16>()
            .map_err(|_| format!("{from} must be a port number, not `{text}`"))
    };
    let mut dir = None;
    let mut port = None;
    let mut args = args.into_iter();
    while let Some(arg) = args.next() {
        match arg.to_str() {
            Some("-h" | "--help") => return Ok(Command::Help),
            Some("--port") => {
                let value = args.next().ok_or("--port needs a value")?;
                port = Some(parse(&value.to_string_lossy(), "--port")?);
            }
            Some(text) if text.starts_with("--port=") => {
                port = Some(parse(&text["--port=".len()..], "--port")?);
            }
            Some(text) if text.starts_with('-') && text != "-" => {
                return Err(format!("unknown option `{text}`"));
            }
            _ if dir.is_some() => return Err("only one DIR may be given".to_owned()),
            _ => dir = Some(PathBuf::from(arg)),
        }
    }
    let dir = dir.ok_or("DIR, the directory to browse, is missing")?;
    let port = match (port, env_port) {
        (Some(port), _) => port,
        (None, Some(text)) => parse(text, "PORT")?,
        (None, None) => DEFAULT_PORT,
    };
    Ok(Command::Serve { dir, port })
}

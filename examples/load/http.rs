//! Just enough HTTP/1.1 to load a server and to misbehave at it: requests written byte for
//! byte (a target that is not a path, a header trickled), one keep-alive connection each, from
//! any address of the loopback range, and responses read by `Content-Length` or chunks.

use std::io;
use std::net::{IpAddr, Ipv4Addr, SocketAddr};
use std::time::Duration;

use tokio::io::{AsyncReadExt, AsyncWriteExt};
use tokio::net::{TcpSocket, TcpStream};

/// The loopback address of client `n` (from 0): 127.0.0.1 is the blog's own, and every other
/// address of 127.0.0.0/8 is this machine too, so each can stand for another client.
pub fn client_address(n: u32) -> IpAddr {
    let [_, a, b, c] = (n + 2).to_be_bytes();
    IpAddr::V4(Ipv4Addr::new(127, a, b, c))
}

/// A response: its status, headers (names lowercased) and body.
#[derive(Debug, Clone)]
pub struct Reply {
    pub status: u16,
    pub headers: Vec<(String, String)>,
    pub body: Vec<u8>,
}

impl Reply {
    pub fn header(&self, name: &str) -> Option<&str> {
        self.headers
            .iter()
            .find(|(n, _)| n == name)
            .map(|(_, v)| v.as_str())
    }

    pub fn text(&self) -> String {
        String::from_utf8_lossy(&self.body).into_owned()
    }
}

/// A request, as written on the wire.
pub fn request(
    method: &str,
    target: &str,
    host: &str,
    headers: &[(&str, &str)],
    body: &[u8],
) -> Vec<u8> {
    let mut head = format!("{method} {target} HTTP/1.1\r\nHost: {host}\r\n");
    for (name, value) in headers {
        head.push_str(&format!("{name}: {value}\r\n"));
    }
    if !body.is_empty() || method == "POST" {
        head.push_str(&format!("Content-Length: {}\r\n", body.len()));
    }
    head.push_str("\r\n");
    let mut bytes = head.into_bytes();
    bytes.extend_from_slice(body);
    bytes
}

/// A form POST, as a browser on `origin` sends it (or without `Origin` and `Sec-Fetch-Site`
/// when `origin` is empty), with `cookie` (a `Cookie` header's value) when it is not empty.
pub fn form(
    target: &str,
    host: &str,
    origin: &str,
    site: &str,
    cookie: &str,
    body: &str,
) -> Vec<u8> {
    let mut headers = vec![("Content-Type", "application/x-www-form-urlencoded")];
    if !origin.is_empty() {
        headers.push(("Origin", origin));
    }
    if !site.is_empty() {
        headers.push(("Sec-Fetch-Site", site));
    }
    if !cookie.is_empty() {
        headers.push(("Cookie", cookie));
    }
    request("POST", target, host, &headers, body.as_bytes())
}

/// One connection.
pub struct Conn {
    stream: TcpStream,
    buffer: Vec<u8>,
}

impl Conn {
    pub async fn open(address: SocketAddr) -> io::Result<Conn> {
        let stream = TcpStream::connect(address).await?;
        Conn::over(stream)
    }

    /// A connection from `source`, an address of the loopback range.
    pub async fn open_from(source: IpAddr, address: SocketAddr) -> io::Result<Conn> {
        let socket = match source {
            IpAddr::V4(_) => TcpSocket::new_v4()?,
            IpAddr::V6(_) => TcpSocket::new_v6()?,
        };
        socket.bind(SocketAddr::new(source, 0))?;
        Conn::over(socket.connect(address).await?)
    }

    fn over(stream: TcpStream) -> io::Result<Conn> {
        stream.set_nodelay(true)?;
        Ok(Conn {
            stream,
            buffer: Vec::with_capacity(16 * 1024),
        })
    }

    pub async fn write(&mut self, bytes: &[u8]) -> io::Result<()> {
        self.stream.write_all(bytes).await
    }

    /// Writes `bytes` and reads the response, within `limit`.
    pub async fn send(&mut self, bytes: &[u8], limit: Duration) -> io::Result<Reply> {
        let exchange = async {
            self.write(bytes).await?;
            self.read_reply().await
        };
        tokio::time::timeout(limit, exchange)
            .await
            .unwrap_or_else(|_| {
                Err(io::Error::new(
                    io::ErrorKind::TimedOut,
                    "no response in time",
                ))
            })
    }

    /// Whether the server has closed the connection: waits up to `limit` for its end (bytes
    /// of a response, such as a 408, may come first).
    pub async fn closed_within(&mut self, limit: Duration) -> bool {
        let wait = async {
            let mut scratch = [0u8; 4096];
            loop {
                match self.stream.read(&mut scratch).await {
                    Ok(0) | Err(_) => return,
                    Ok(_) => continue,
                }
            }
        };
        tokio::time::timeout(limit, wait).await.is_ok()
    }

    /// How many bytes came before the server closed the connection, read as they come; `None`
    /// if it is still open after `limit`.
    pub async fn drain(&mut self, limit: Duration) -> Option<usize> {
        let mut taken = std::mem::take(&mut self.buffer).len();
        let wait = async {
            let mut scratch = [0u8; 16 * 1024];
            loop {
                match self.stream.read(&mut scratch).await {
                    Ok(0) | Err(_) => return,
                    Ok(read) => taken += read,
                }
            }
        };
        tokio::time::timeout(limit, wait).await.ok()?;
        Some(taken)
    }

    /// Whether the server has reset the connection, looked at without reading: a server that
    /// closes with requests it has not read resets it, and what the client has not read
    /// stays readable before the reset is told, so only the socket's error says so (once).
    pub fn reset(&self) -> bool {
        self.stream.take_error().is_ok_and(|error| error.is_some())
    }

    async fn fill(&mut self) -> io::Result<()> {
        let mut chunk = [0u8; 16 * 1024];
        let read = self.stream.read(&mut chunk).await?;
        if read == 0 {
            return Err(io::Error::new(
                io::ErrorKind::UnexpectedEof,
                "connection closed",
            ));
        }
        self.buffer.extend_from_slice(&chunk[..read]);
        Ok(())
    }

    pub async fn read_reply(&mut self) -> io::Result<Reply> {
        let end = loop {
            if let Some(at) = find(&self.buffer, b"\r\n\r\n") {
                break at;
            }
            self.fill().await?;
        };
        let head = String::from_utf8_lossy(&self.buffer[..end]).into_owned();
        let mut lines = head.split("\r\n");
        let status = lines
            .next()
            .and_then(|line| line.split(' ').nth(1))
            .and_then(|code| code.parse::<u16>().ok())
            .ok_or_else(|| io::Error::new(io::ErrorKind::InvalidData, "no status line"))?;
        let headers: Vec<(String, String)> = lines
            .filter_map(|line| line.split_once(':'))
            .map(|(n, v)| (n.trim().to_ascii_lowercase(), v.trim().to_owned()))
            .collect();
        self.buffer.drain(..end + 4);
        let value = |name: &str| {
            headers
                .iter()
                .find(|(n, _)| n == name)
                .map(|(_, v)| v.clone())
        };
        let body = if let Some(length) = value("content-length") {
            let length: usize = length
                .parse()
                .map_err(|_| io::Error::new(io::ErrorKind::InvalidData, "bad length"))?;
            while self.buffer.len() < length {
                self.fill().await?;
            }
            self.buffer.drain(..length).collect()
        } else if value("transfer-encoding").is_some_and(|v| v.eq_ignore_ascii_case("chunked")) {
            self.read_chunks().await?
        } else if status < 200 || status == 204 || status == 304 {
            Vec::new()
        } else {
            while self.fill().await.is_ok() {}
            std::mem::take(&mut self.buffer)
        };
        Ok(Reply {
            status,
            headers,
            body,
        })
    }

    async fn read_chunks(&mut self) -> io::Result<Vec<u8>> {
        let mut body = Vec::new();
        loop {
            let line_end = loop {
                if let Some(at) = find(&self.buffer, b"\r\n") {
                    break at;
                }
                self.fill().await?;
            };
            let size_text = String::from_utf8_lossy(&self.buffer[..line_end]).into_owned();
            let size_text = size_text.split(';').next().unwrap_or("").trim().to_owned();
            let size = usize::from_str_radix(&size_text, 16)
                .map_err(|_| io::Error::new(io::ErrorKind::InvalidData, "bad chunk size"))?;
            self.buffer.drain(..line_end + 2);
            while self.buffer.len() < size + 2 {
                self.fill().await?;
            }
            body.extend(self.buffer.drain(..size));
            self.buffer.drain(..2);
            if size == 0 {
                return Ok(body);
            }
        }
    }
}

fn find(haystack: &[u8], needle: &[u8]) -> Option<usize> {
    haystack.windows(needle.len()).position(|w| w == needle)
}

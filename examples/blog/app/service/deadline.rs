//! A deadline on writing: hyper has a timeout for reading a request's headers, and none for
//! writing a response, so a client that sends requests and never reads the answers would keep
//! its connection, and the responses hyper holds for it, for ever.

use std::io::{self, IoSlice};
use std::pin::Pin;
use std::task::{Context, Poll};
use std::time::Duration;

use tokio::io::{AsyncRead, AsyncWrite, ReadBuf};
use tokio::time::{Instant, Sleep};

/// A stream whose writes must be flushed within `limit` of the first written since the last
/// flush: hyper flushes once it has written all it holds, so each response must be taken by
/// the kernel within `limit` of its first byte. Past it, a write or flush fails with
/// `TimedOut`, and hyper closes the connection. Reads are as the stream's.
pub struct WriteDeadline<S> {
    stream: S,
    limit: Duration,
    /// When the bytes written and not yet flushed must be, if there are any.
    deadline: Option<Instant>,
    /// Set to the deadline only when a write must wait, so that a write the kernel takes at
    /// once costs a clock read and no timer; boxed, as a `Sleep` cannot move, so that the
    /// stream can.
    timer: Pin<Box<Sleep>>,
}

impl<S> WriteDeadline<S> {
    pub fn new(stream: S, limit: Duration) -> Self {
        WriteDeadline {
            stream,
            limit,
            deadline: None,
            timer: Box::pin(tokio::time::sleep(limit)),
        }
    }

    /// Starts the deadline at the first write since the last flush; fails past it, even if
    /// the client takes a byte now and then.
    fn start(&mut self) -> io::Result<()> {
        let now = Instant::now();
        match self.deadline {
            None => self.deadline = Some(now + self.limit),
            Some(deadline) if now >= deadline => return Err(late(self.limit)),
            Some(_) => {}
        }
        Ok(())
    }

    /// What a write or flush that could not finish now becomes: pending, with the timer set
    /// to wake the task at the deadline (the client may never make room), or past it, failed.
    fn pending<T>(&mut self, cx: &mut Context<'_>) -> Poll<io::Result<T>> {
        let Some(deadline) = self.deadline else {
            return Poll::Pending;
        };
        if self.timer.deadline() != deadline {
            self.timer.as_mut().reset(deadline);
        }
        match self.timer.as_mut().poll(cx) {
            Poll::Ready(()) => Poll::Ready(Err(late(self.limit))),
            Poll::Pending => Poll::Pending,
        }
    }
}

fn late(limit: Duration) -> io::Error {
    io::Error::new(
        io::ErrorKind::TimedOut,
        format!("the client did not take a response within {limit:?}"),
    )
}

impl<S: AsyncRead + Unpin> AsyncRead for WriteDeadline<S> {
    fn poll_read(
        self: Pin<&mut Self>,
        cx: &mut Context<'_>,
        buf: &mut ReadBuf<'_>,
    ) -> Poll<io::Result<()>> {
        Pin::new(&mut self.get_mut().stream).poll_read(cx, buf)
    }
}

impl<S: AsyncWrite + Unpin> AsyncWrite for WriteDeadline<S> {
    fn poll_write(
        self: Pin<&mut Self>,
        cx: &mut Context<'_>,
        buf: &[u8],
    ) -> Poll<io::Result<usize>> {
        let this = self.get_mut();
        this.start()?;
        match Pin::new(&mut this.stream).poll_write(cx, buf) {
            Poll::Pending => this.pending(cx),
            done => done,
        }
    }

    fn poll_write_vectored(
        self: Pin<&mut Self>,
        cx: &mut Context<'_>,
        bufs: &[IoSlice<'_>],
    ) -> Poll<io::Result<usize>> {
        let this = self.get_mut();
        this.start()?;
        match Pin::new(&mut this.stream).poll_write_vectored(cx, bufs) {
            Poll::Pending => this.pending(cx),
            done => done,
        }
    }

    fn is_write_vectored(&self) -> bool {
        self.stream.is_write_vectored()
    }

    fn poll_flush(self: Pin<&mut Self>, cx: &mut Context<'_>) -> Poll<io::Result<()>> {
        let this = self.get_mut();
        match Pin::new(&mut this.stream).poll_flush(cx) {
            Poll::Pending => this.pending(cx),
            Poll::Ready(Ok(())) => {
                this.deadline = None;
                Poll::Ready(Ok(()))
            }
            Poll::Ready(Err(error)) => Poll::Ready(Err(error)),
        }
    }

    fn poll_shutdown(self: Pin<&mut Self>, cx: &mut Context<'_>) -> Poll<io::Result<()>> {
        Pin::new(&mut self.get_mut().stream).poll_shutdown(cx)
    }
}

//! The body of a form POST read for `_method`, within a limit and a deadline, and passed on
//! unchanged: the bytes read are replayed before the rest ([`Replay`]).

use std::any::Any;
use std::error::Error as StdError;
use std::future::poll_fn;
use std::pin::Pin;
use std::task::{Context, Poll};
use std::time::Duration;

use bytes::{Bytes, BytesMut};
use http::header::HeaderMap;
use http_body::{Body, Frame, SizeHint};
use http_body_util::LengthLimitError;

use crate::encode::form_value;

/// What reading a form body for `_method` found.
pub(crate) enum Read {
    /// The body ended within the limit, or `_method` was among the pairs read whole: its
    /// value, if any.
    Method(Option<String>),
    /// The body goes on past the limit, and no pair read whole is `_method`.
    Cut,
    /// The deadline passed first.
    Late,
    /// The body went past a size limit set in front of the router after `read` bytes: a
    /// `Limited` body (tower-http's `RequestBodyLimitLayer`) refused to go on.
    TooLarge { read: usize },
}

/// Reads frames of `body` until `limit` bytes (or its end, its trailers, an error or the
/// deadline), and looks for `_method` among the pairs read whole: all of them when the body
/// ended within the limit, else those before the last `&` within it.
pub(crate) async fn read_form_method<B>(
    body: B,
    limit: usize,
    deadline: Duration,
) -> (Read, Replay<B>)
where
    B: Body<Data = Bytes>,
    B::Error: 'static,
{
    let mut rest = Box::pin(body);
    let mut head = BytesMut::new();
    let mut trailers = None;
    let mut error = None;
    let mut ended = false;
    let mut late = false;
    let mut timer = Timer::new(deadline);
    while head.len() < limit {
        let next = poll_fn(|cx| match rest.as_mut().poll_frame(cx) {
            Poll::Ready(frame) => Poll::Ready(Some(frame)),
            Poll::Pending => timer.poll_expired(cx).map(|()| None),
        });
        match next.await {
            None => {
                late = true;
                break;
            }
            Some(None) => {
                ended = true;
                break;
            }
            Some(Some(Err(e))) => {
                error = Some(e);
                break;
            }
            Some(Some(Ok(frame))) => match frame.into_data() {
                Ok(data) => head.extend_from_slice(&data),
                Err(frame) => {
                    trailers = frame.into_trailers().ok();
                    ended = true;
                    break;
                }
            },
        }
    }
    let whole = ended && head.len() <= limit;
    let readable = if whole {
        &head[..]
    } else {
        let within = &head[..head.len().min(limit)];
        let end = within.iter().rposition(|&b| b == b'&').unwrap_or(0);
        &within[..end]
    };
    let method = form_value(readable, "_method");
    let read = match method {
        // A body over the limit is refused whatever it holds, as the limit refuses one it
        // sees whole (by its `Content-Length`): the handler could not read it either.
        _ if error.as_ref().is_some_and(exceeds_limit) => Read::TooLarge { read: head.len() },
        Some(method) => Read::Method(Some(method)),
        None if late => Read::Late,
        // An error ends the body as surely as its end: there is no more to read.
        None if whole || error.is_some() => Read::Method(None),
        None => Read::Cut,
    };
    let replay = Replay {
        inner: Inner::Buffered {
            head: Some(head.freeze()).filter(|h| !h.is_empty()),
            error,
            trailers,
            rest: (!ended).then_some(rest),
        },
    };
    (read, replay)
}

/// Whether `error`, a body's, is or comes from `http_body_util::Limited`'s refusal to go past
/// its limit (as tower-http's `RequestBodyLimitLayer` and axum's `DefaultBodyLimit` set it),
/// whether it comes as it is, boxed (`Limited`'s own error type) or inside an axum body's.
pub(crate) fn exceeds_limit<E: 'static>(error: &E) -> bool {
    let any: &dyn Any = error;
    let mut cause: Option<&(dyn StdError + 'static)> =
        if let Some(boxed) = any.downcast_ref::<Box<dyn StdError + Send + Sync>>() {
            Some(&**boxed)
        } else if let Some(limit) = any.downcast_ref::<LengthLimitError>() {
            Some(limit)
        } else {
            axum_error(any)
        };
    while let Some(error) = cause {
        if error.is::<LengthLimitError>() {
            return true;
        }
        cause = error.source();
    }
    false
}

#[cfg(feature = "axum")]
fn axum_error(any: &dyn Any) -> Option<&(dyn StdError + 'static)> {
    any.downcast_ref::<::axum::Error>()
        .map(|error| error as &(dyn StdError + 'static))
}

#[cfg(not(feature = "axum"))]
fn axum_error(_: &dyn Any) -> Option<&(dyn StdError + 'static)> {
    None
}

/// The deadline of a read, on Tokio's timer, started only when the body first makes the read
/// wait: a body that is ready at once needs no timer (and no runtime).
struct Timer {
    at: Option<tokio::time::Instant>,
    sleep: Option<Pin<Box<tokio::time::Sleep>>>,
}

impl Timer {
    fn new(deadline: Duration) -> Self {
        Timer {
            at: tokio::time::Instant::now().checked_add(deadline),
            sleep: None,
        }
    }

    /// Ready once the deadline has passed; pending (and never ready) without a Tokio runtime
    /// or with a deadline too far to be represented.
    fn poll_expired(&mut self, cx: &mut Context<'_>) -> Poll<()> {
        if self.sleep.is_none() {
            let Some(at) = self.at else {
                return Poll::Pending;
            };
            if tokio::runtime::Handle::try_current().is_err() {
                return Poll::Pending;
            }
            self.sleep = Some(Box::pin(tokio::time::sleep_until(at)));
        }
        match &mut self.sleep {
            Some(sleep) => sleep.as_mut().poll(cx),
            None => Poll::Pending,
        }
    }
}

pin_project_lite::pin_project! {
    /// A request body passed on unchanged: the bytes the layer read, then the rest of the
    /// original body (its trailers and errors included).
    pub struct Replay<B: Body> {
        #[pin]
        inner: Inner<B>,
    }
}

pin_project_lite::pin_project! {
    #[project = InnerProjection]
    #[project_ref = InnerRef]
    enum Inner<B: Body> {
        // A body the layer did not read.
        Untouched { #[pin] body: B },
        // A body whose first bytes the layer read.
        Buffered {
            head: Option<Bytes>,
            error: Option<B::Error>,
            trailers: Option<HeaderMap>,
            rest: Option<Pin<Box<B>>>,
        },
    }
}

impl<B: Body> Replay<B> {
    pub(super) fn new(body: B) -> Self {
        Replay {
            inner: Inner::Untouched { body },
        }
    }

    /// `untouched` of the original body when the layer read none of it, else `read` of the
    /// replay.
    #[cfg(feature = "axum")]
    pub(crate) fn unwrap_or<T>(
        self,
        untouched: impl FnOnce(B) -> T,
        read: impl FnOnce(Self) -> T,
    ) -> T {
        match self.inner {
            Inner::Untouched { body } => untouched(body),
            inner => read(Replay { inner }),
        }
    }
}

impl<B: Body<Data = Bytes>> Body for Replay<B> {
    type Data = Bytes;
    type Error = B::Error;

    fn poll_frame(
        self: Pin<&mut Self>,
        cx: &mut Context<'_>,
    ) -> Poll<Option<Result<Frame<Bytes>, B::Error>>> {
        match self.project().inner.project() {
            InnerProjection::Untouched { body } => body.poll_frame(cx),
            InnerProjection::Buffered {
                head,
                error,
                trailers,
                rest,
            } => {
                if let Some(data) = head.take() {
                    return Poll::Ready(Some(Ok(Frame::data(data))));
                }
                if let Some(error) = error.take() {
                    return Poll::Ready(Some(Err(error)));
                }
                if let Some(trailers) = trailers.take() {
                    return Poll::Ready(Some(Ok(Frame::trailers(trailers))));
                }
                match rest {
                    Some(body) => body.as_mut().poll_frame(cx),
                    None => Poll::Ready(None),
                }
            }
        }
    }

    fn is_end_stream(&self) -> bool {
        match &self.inner {
            Inner::Untouched { body } => body.is_end_stream(),
            Inner::Buffered {
                head,
                error,
                trailers,
                rest,
            } => {
                head.is_none()
                    && error.is_none()
                    && trailers.is_none()
                    && rest.as_ref().is_none_or(|body| body.is_end_stream())
            }
        }
    }

    fn size_hint(&self) -> SizeHint {
        match &self.inner {
            Inner::Untouched { body } => body.size_hint(),
            Inner::Buffered { head, rest, .. } => {
                let buffered = head.as_ref().map_or(0, |h| h.len() as u64);
                let mut hint = rest
                    .as_ref()
                    .map_or_else(|| SizeHint::with_exact(0), |body| body.size_hint());
                // Upper first: a lower bound above the upper one panics.
                if let Some(upper) = hint.upper() {
                    hint.set_upper(upper + buffered);
                }
                hint.set_lower(hint.lower() + buffered);
                hint
            }
        }
    }
}

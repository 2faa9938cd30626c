//! An actix-web request's payload read for `_method` as the tower layer reads a body (within
//! its limit and deadline), and handed on whole: the bytes read replayed before the rest.

use std::pin::Pin;
use std::task::{Context, Poll};

use actix_web::dev::Payload;
use actix_web::error::PayloadError;
use bytes::Bytes;
use futures_core::Stream;
use http_body::{Body, Frame};

use crate::tower::Replay;

/// An actix-web payload as an `http_body::Body`, for the tower layer's reader.
pub(super) struct PayloadBody(pub(super) Payload);

impl Body for PayloadBody {
    type Data = Bytes;
    type Error = PayloadError;

    fn poll_frame(
        self: Pin<&mut Self>,
        cx: &mut Context<'_>,
    ) -> Poll<Option<Result<Frame<Bytes>, PayloadError>>> {
        Pin::new(&mut self.get_mut().0)
            .poll_next(cx)
            .map(|next| next.map(|chunk| chunk.map(Frame::data)))
    }
}

/// What was read of a payload and what is left of it, as an actix-web payload again.
pub(super) fn replayed(replay: Replay<PayloadBody>) -> Payload {
    Payload::Stream {
        payload: Box::pin(Replayed(Box::pin(replay))),
    }
}

struct Replayed(Pin<Box<Replay<PayloadBody>>>);

impl Stream for Replayed {
    type Item = Result<Bytes, PayloadError>;

    fn poll_next(mut self: Pin<&mut Self>, cx: &mut Context<'_>) -> Poll<Option<Self::Item>> {
        loop {
            return match std::task::ready!(self.0.as_mut().poll_frame(cx)) {
                None => Poll::Ready(None),
                Some(Err(error)) => Poll::Ready(Some(Err(error))),
                Some(Ok(frame)) => match frame.into_data() {
                    Ok(data) => Poll::Ready(Some(Ok(data))),
                    // An actix-web payload has no trailers.
                    Err(_) => continue,
                },
            };
        }
    }
}

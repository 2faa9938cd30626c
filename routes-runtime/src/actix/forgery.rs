//! [`ForgeryProtectionLayer`] as an actix-web middleware: `App::new().wrap(layer)`, which
//! refuses what the tower layer refuses, by the same rules.

use std::future::{Ready, ready};
use std::rc::Rc;

use actix_web::body::{EitherBody, MessageBody};
use actix_web::dev::{Service, ServiceRequest, ServiceResponse, Transform, forward_ready};
use actix_web::{Error, HttpResponse};
use futures_core::future::LocalBoxFuture;
use http::request::Parts;

use super::convert;
use crate::forgery::{ForgeryProtectionLayer, is_safe};

/// The layer as actix-web middleware: `App::new().wrap(ForgeryProtectionLayer::new())`.
/// A refused request is answered with 403 before any service behind it runs (so before its
/// form is read for `_method`), its body untouched.
///
/// ```
/// use actix_web::App;
/// use resourceful::forgery::ForgeryProtectionLayer;
///
/// let app = App::new().wrap(ForgeryProtectionLayer::new());
/// ```
impl<S, B> Transform<S, ServiceRequest> for ForgeryProtectionLayer
where
    S: Service<ServiceRequest, Response = ServiceResponse<B>, Error = Error> + 'static,
    B: MessageBody + 'static,
{
    type Response = ServiceResponse<EitherBody<B>>;
    type Error = Error;
    type Transform = ForgeryProtectionService<S>;
    type InitError = ();
    type Future = Ready<Result<Self::Transform, ()>>;

    fn new_transform(&self, service: S) -> Self::Future {
        ready(Ok(ForgeryProtectionService {
            service: Rc::new(service),
            layer: self.clone(),
        }))
    }
}

/// The service the forgery protection middleware wraps around another.
pub struct ForgeryProtectionService<S> {
    service: Rc<S>,
    layer: ForgeryProtectionLayer,
}

impl<S> std::fmt::Debug for ForgeryProtectionService<S> {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("ForgeryProtectionService")
            .finish_non_exhaustive()
    }
}

impl<S, B> Service<ServiceRequest> for ForgeryProtectionService<S>
where
    S: Service<ServiceRequest, Response = ServiceResponse<B>, Error = Error> + 'static,
    B: MessageBody + 'static,
{
    type Response = ServiceResponse<EitherBody<B>>;
    type Error = Error;
    type Future = LocalBoxFuture<'static, Result<Self::Response, Error>>;

    forward_ready!(service);

    fn call(&self, request: ServiceRequest) -> Self::Future {
        let method = convert::method(request.method());
        if !is_safe(&method)
            && let Err(refused) = self.layer.check(&parts(&request, method))
        {
            let response: HttpResponse = convert::response(refused.to_response());
            let response = request.into_response(response).map_into_right_body();
            return Box::pin(ready(Ok(response)));
        }
        let response = self.service.call(request);
        Box::pin(async move { Ok(response.await?.map_into_left_body()) })
    }
}

/// What the check reads of the request, as the `http` crate's parts: its method, target and
/// headers.
fn parts(request: &ServiceRequest, method: http::Method) -> Parts {
    let (mut parts, ()) = http::Request::new(()).into_parts();
    parts.method = method;
    if let Ok(uri) = http::Uri::try_from(request.uri().to_string()) {
        parts.uri = uri;
    }
    for (name, value) in request.headers() {
        if let (Ok(name), Ok(value)) = (
            http::HeaderName::from_bytes(name.as_str().as_bytes()),
            http::HeaderValue::from_bytes(value.as_bytes()),
        ) {
            parts.headers.append(name, value);
        }
    }
    parts
}

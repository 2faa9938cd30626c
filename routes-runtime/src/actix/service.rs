//! How a [`Dispatcher`](super::Dispatcher) serves a request: the path within its scope, the
//! method after `_method` (reading the form where it must), the route set's answer with its
//! routing policy, then the handler of the action, or the error handler, or the fallback.

use std::future::ready;
use std::rc::Rc;

use actix_service::boxed::BoxService;
use actix_web::dev::{Service, ServiceRequest, ServiceResponse, always_ready};
use actix_web::http::header::{CONTENT_TYPE, HeaderName};
use actix_web::{Error, HttpMessage};
use http::{Method, Uri};

use super::body::{PayloadBody, replayed};
use super::{Answer, Front, convert, extract};
use crate::tower::{is_form_type, read_form_method};
use crate::{ErrorPath, Incoming, MethodSet, OriginalMethod, Recognized, Routed, RoutingError};

/// The service a [`Dispatcher`](super::Dispatcher) makes for each worker of actix-web.
pub struct DispatchService {
    front: Rc<Front>,
    fallback: Option<Rc<BoxService<ServiceRequest, ServiceResponse, Error>>>,
}

impl std::fmt::Debug for DispatchService {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("DispatchService").finish_non_exhaustive()
    }
}

impl DispatchService {
    pub(super) fn new(
        front: Rc<Front>,
        fallback: Option<Rc<BoxService<ServiceRequest, ServiceResponse, Error>>>,
    ) -> Self {
        DispatchService { front, fallback }
    }
}

impl Service<ServiceRequest> for DispatchService {
    type Response = ServiceResponse;
    type Error = Error;
    type Future = Answer;

    always_ready!();

    fn call(&self, mut request: ServiceRequest) -> Answer {
        let front = Rc::clone(&self.front);
        let fallback = self.fallback.clone();
        let sent = convert::method(request.method());
        let Some(uri) = routed_uri(&request) else {
            let error = RoutingError::BadRequest {
                path: request.uri().to_string().into(),
                reason: "the request's target is not a path",
            };
            return front.refuse(request, error, fallback);
        };
        let path = uri.path();
        if sent == Method::CONNECT {
            // Never routed, even by a route that takes any method: a 2xx would be a tunnel.
            let allowed: MethodSet = front
                .config
                .set
                .allowed_methods(path)
                .iter()
                .filter(|allowed| allowed != Method::CONNECT)
                .collect();
            let error = RoutingError::refused(&sent, path, allowed);
            return front.refuse(request, error, fallback);
        }
        let config = front.config;
        if sent == Method::POST && config.form_limit > 0 && is_form(&request) {
            let allowed = config.set.allowed_methods(path);
            if [Method::PUT, Method::PATCH, Method::DELETE]
                .iter()
                .any(|method| allowed.contains(method))
            {
                return Box::pin(async move {
                    let payload = PayloadBody(request.take_payload());
                    let (read, replay) =
                        read_form_method(payload, config.form_limit, config.form_deadline).await;
                    request.set_payload(replayed(replay));
                    let without_body = || front.overrides(&request, &sent, None);
                    match config.form_method(read, allowed, without_body) {
                        Ok(form) => {
                            let method = front.overrides(&request, &sent, form.as_deref());
                            front.dispatch(request, sent, method, uri, fallback).await
                        }
                        Err(error) => front.refuse(request, error, fallback).await,
                    }
                });
            }
        }
        let method = front.overrides(&request, &sent, None);
        front.dispatch(request, sent, method, uri, fallback)
    }
}

impl Front {
    /// The method a POST is routed as: its form's `_method`, else its query's, else (where
    /// honoured) its `X-HTTP-Method-Override`.
    fn overrides(&self, request: &ServiceRequest, sent: &Method, form: Option<&str>) -> Method {
        let query = Some(request.query_string()).filter(|query| !query.is_empty());
        let header = || {
            // `METHOD_OVERRIDE_HEADER`, as actix-web's `http` names it.
            let name = HeaderName::from_static("x-http-method-override");
            request.headers().get(name).map(|value| value.as_bytes())
        };
        self.config.overrides.choose(sent, query, header, form)
    }

    /// Recognises the request as `method`, and calls the handler of its action.
    fn dispatch(
        &self,
        mut request: ServiceRequest,
        sent: Method,
        method: Method,
        uri: Uri,
        fallback: Option<Rc<BoxService<ServiceRequest, ServiceResponse, Error>>>,
    ) -> Answer {
        if method != sent {
            request.head_mut().method = convert::actix_method(&method);
            request.extensions_mut().insert(OriginalMethod(sent));
        }
        let set = self.config.set;
        // `draw!`'s request constraints read the scheme, the host and the headers, which only
        // then cross to the `http` crate's 1.x: the scheme and host actix-web knows the
        // request by (its connection, or a proxy's `Forwarded` headers).
        let known = set.has_request_conditions().then(|| {
            (
                full_uri(&request, &uri),
                convert::headers(request.headers()),
            )
        });
        let incoming = Incoming::new(&method, uri.path());
        let incoming = match &known {
            Some((full, headers)) => incoming.with_head(full, headers),
            None => incoming,
        };
        let admitted = incoming.head().map_or(0, |head| set.admitted(&head));
        let routed = match set.recognize_request(incoming) {
            Ok(found) => {
                let found = found.detach();
                Routed::new(uri.clone(), found)
            }
            Err(error) => {
                let error = self.reachable(error, admitted);
                return self.refuse(request, error, fallback);
            }
        };
        // A redirect is answered here, without a handler.
        if matches!(
            routed.recognized().route().target(),
            crate::RouteTarget::Redirect { .. }
        ) {
            // The location of a path is written behind the scheme and host actix-web knows.
            let (full, headers) = known.unwrap_or_else(|| {
                (
                    full_uri(&request, &uri),
                    convert::headers(request.headers()),
                )
            });
            if let Some(redirect) = routed.recognized().redirect_from(&full, &headers) {
                let response = convert::response(redirect.to_response());
                return Box::pin(ready(Ok(request.into_response(response))));
            }
        }
        let handler = set
            .action_number(&routed.recognized())
            .and_then(|number| self.table.get(number))
            .and_then(Option::as_ref);
        match handler {
            Some(handler) => {
                let handler = Rc::clone(handler);
                // actix-web's own extractors read the path's values too (`web::Path<u32>`,
                // `HttpRequest::match_info()`), after those a `Scope` in front matched; not the
                // format, nor defaults of keys outside the path, which no actix-web pattern has.
                let recognized = routed.recognized();
                let info = request.match_info_mut();
                for name in recognized.route().param_names() {
                    if let Some(value) = recognized.param(name) {
                        info.add_static(name, value.to_owned());
                    }
                }
                request.extensions_mut().insert(routed);
                handler.call(request)
            }
            None => {
                let error = RoutingError::NotFound {
                    method,
                    path: ErrorPath::new(routed.uri().path()),
                };
                request.extensions_mut().insert(routed);
                self.refuse(request, error, fallback)
            }
        }
    }

    /// The methods of a 405's `Allow` that reach an action with a handler: a 405 left with
    /// none is a 404.
    fn reachable(&self, error: RoutingError, admitted: u64) -> RoutingError {
        let RoutingError::MethodNotAllowed {
            method,
            path,
            allowed,
        } = &error
        else {
            return error;
        };
        let set = self.config.set;
        let serves = |found: &Recognized<'_, '_>, _: &Method| {
            matches!(found.route().target(), crate::RouteTarget::Redirect { .. })
                || set
                    .action_number(found)
                    .and_then(|number| self.table.get(number))
                    .is_some_and(Option::is_some)
        };
        let allowed = set.reachable(path.as_str(), *allowed, admitted, serves);
        RoutingError::refused(method, path.as_str(), allowed)
    }

    /// Answers a request no route (or no action) takes: a 404 by the fallback, else by the
    /// error handler, else as plain text; a 405 with its `Allow`.
    fn refuse(
        &self,
        mut request: ServiceRequest,
        mut error: RoutingError,
        fallback: Option<Rc<BoxService<ServiceRequest, ServiceResponse, Error>>>,
    ) -> Answer {
        if let (RoutingError::NotFound { .. }, Some(fallback)) = (&error, fallback) {
            as_sent(&mut request);
            return fallback.call(request);
        }
        // Under a scope, the set routes the path within it: the error names the one the
        // client sent.
        let sent = request.uri().path();
        if let Some(path) = error.path_mut()
            && sent.len() > path.len()
            && sent.ends_with(path.as_str())
        {
            *path = ErrorPath::new(sent);
        }
        request.extensions_mut().insert(error.clone());
        let Some(handler) = &self.on_error else {
            let response = convert::response(error.to_response());
            return Box::pin(ready(Ok(request.into_response(response))));
        };
        let answer = handler.call(request);
        if !matches!(error, RoutingError::MethodNotAllowed { .. }) {
            return answer;
        }
        Box::pin(async move {
            let mut response = answer.await?;
            extract::allow(response.response_mut(), &error);
            Ok(response)
        })
    }
}

/// The request as it was sent, for a fallback: its own method, without what routing put in
/// its extensions.
fn as_sent(request: &mut ServiceRequest) {
    let sent = {
        let mut extensions = request.extensions_mut();
        extensions.remove::<RoutingError>();
        extensions.remove::<Routed>();
        extensions.remove::<OriginalMethod>()
    };
    if let Some(OriginalMethod(sent)) = sent {
        request.head_mut().method = convert::actix_method(&sent);
    }
}

/// Whether the request's body is form-encoded.
fn is_form(request: &ServiceRequest) -> bool {
    request
        .headers()
        .get(CONTENT_TYPE)
        .is_some_and(|value| is_form_type(value.as_bytes()))
}

/// The path the route set routes, with the query, as the `http` crate's URI that the
/// [`Routed`] answer keeps: the path as sent (actix-web's `match_info` decodes escapes that
/// recognition must see), less what the `Scope`s in front of the dispatcher matched. `None`
/// for a target that is not a path (`OPTIONS *`, `CONNECT host:port`).
fn routed_uri(request: &ServiceRequest) -> Option<Uri> {
    let sent = request.uri().path();
    if !sent.starts_with('/') {
        return None;
    }
    let info = request.match_info();
    let rest = info.unprocessed();
    let matched = info.as_str().len() - rest.len();
    let path = if matched == 0 {
        sent
    } else {
        // A scope matches whole segments, and actix-web decodes no `/`: the path within it
        // starts at the same `/` in the path as sent.
        let slashes = info.as_str()[..matched].matches('/').count();
        match sent.match_indices('/').nth(slashes) {
            Some((start, _)) => &sent[start..],
            None => "",
        }
    };
    let path = if path.is_empty() { "/" } else { path };
    let target = match request.uri().query() {
        Some(query) => {
            let mut target = String::with_capacity(path.len() + 1 + query.len());
            target.push_str(path);
            target.push('?');
            target.push_str(query);
            bytes::Bytes::from(target)
        }
        None => bytes::Bytes::copy_from_slice(path.as_bytes()),
    };
    Uri::from_maybe_shared(target).ok()
}

/// `uri` with the scheme and host actix-web knows the request by (its connection, or a
/// proxy's `Forwarded` headers, which actix-web trusts as Rails trusts them), for what reads
/// them: `draw!`'s request constraints and the location of a redirect.
fn full_uri(request: &ServiceRequest, uri: &Uri) -> Uri {
    let info = request.connection_info().clone();
    Uri::builder()
        .scheme(info.scheme())
        .authority(info.host())
        .path_and_query(uri.path_and_query().map_or("/", |p| p.as_str()))
        .build()
        .unwrap_or_else(|_| uri.clone())
}

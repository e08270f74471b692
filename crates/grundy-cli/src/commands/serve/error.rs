//! Errors as the API answers them: `{"error": "..."}` with a status that
//! says whose fault it was (400 bad input, 404 no such thing, 405 a method
//! the endpoint does not answer, 408 over the time limit, 409 cancelled,
//! 503 too many sessions), never a stack.

use std::time::Duration;

use axum::body::Bytes;
use axum::extract::{FromRequest, FromRequestParts, Path, Request};
use axum::http::request::Parts;
use axum::http::StatusCode;
use axum::response::{IntoResponse, Response};
use axum::Json;
use serde::de::DeserializeOwned;

#[derive(Debug)]
pub struct ApiError {
    pub status: StatusCode,
    pub message: String,
}

impl ApiError {
    pub fn bad(message: impl Into<String>) -> ApiError {
        ApiError { status: StatusCode::BAD_REQUEST, message: message.into() }
    }

    pub fn not_found(message: impl Into<String>) -> ApiError {
        ApiError { status: StatusCode::NOT_FOUND, message: message.into() }
    }

    pub fn method_not_allowed(message: impl Into<String>) -> ApiError {
        ApiError { status: StatusCode::METHOD_NOT_ALLOWED, message: message.into() }
    }

    pub fn busy(message: impl Into<String>) -> ApiError {
        ApiError { status: StatusCode::SERVICE_UNAVAILABLE, message: message.into() }
    }

    pub fn internal(message: impl Into<String>) -> ApiError {
        ApiError { status: StatusCode::INTERNAL_SERVER_ERROR, message: message.into() }
    }

    pub fn timeout(limit: Duration, doing: &str) -> ApiError {
        ApiError {
            status: StatusCode::REQUEST_TIMEOUT,
            message: format!(
                "stopped after the server's time limit of {} s ({doing}); ask for something smaller",
                limit.as_secs_f64()
            ),
        }
    }

    pub fn cancelled() -> ApiError {
        ApiError { status: StatusCode::CONFLICT, message: "cancelled".into() }
    }

    /// Whether the engine stopped because its interruption flag was raised.
    pub fn is_interrupted(&self) -> bool {
        self.status == StatusCode::REQUEST_TIMEOUT && self.message == INTERRUPTED
    }
}

/// The message of an engine error that only says the flag was raised; the
/// runner replaces it with "time limit" or "cancelled".
const INTERRUPTED: &str = "interrupted";

impl From<grundy::Error> for ApiError {
    fn from(error: grundy::Error) -> ApiError {
        match error {
            grundy::Error::Interrupted => ApiError { status: StatusCode::REQUEST_TIMEOUT, message: INTERRUPTED.into() },
            // Everything else the engine refuses is about what was asked.
            other => ApiError::bad(other.to_string()),
        }
    }
}

impl From<anyhow::Error> for ApiError {
    fn from(error: anyhow::Error) -> ApiError {
        match error.downcast::<grundy::Error>() {
            Ok(error) => error.into(),
            Err(error) => ApiError::bad(format!("{error:#}")),
        }
    }
}

/// A JSON request body, whatever its `Content-Type` says (so that
/// `curl -d '{...}'` works), with every way it can be wrong answered as an
/// [`ApiError`] that names what was wrong and where.
pub struct JsonBody<T>(pub T);

/// The fields a request body may carry. A field the endpoint does not read
/// is refused, not ignored: `"play": "misere"` sent to `/api/table` (normal
/// play only) or `"misere": true` sent to `/api/solve` (which reads
/// `"play"`) was answered with normal-play values, a wrong answer to the
/// question asked. (serde's own `deny_unknown_fields` does not work with
/// the flattened [`super::api::GameSpec`].) In groups, so that a request
/// that flattens the game's fields names [`super::api::GameSpec::FIELDS`]
/// rather than a copy of them.
pub trait Fields {
    const FIELDS: &'static [&'static [&'static str]];
}

impl<T: DeserializeOwned + Fields, S: Send + Sync> FromRequest<S> for JsonBody<T> {
    type Rejection = ApiError;

    async fn from_request(request: Request, state: &S) -> Result<Self, ApiError> {
        let bytes = Bytes::from_request(request, state)
            .await
            .map_err(|rejection| ApiError { status: rejection.status(), message: rejection.body_text() })?;
        let request = serde_json::from_slice(&bytes)
            .map_err(|error| ApiError::bad(format!("the request body is not the JSON this endpoint reads: {error}")))?;
        // Parsed again as an object, now known to be valid JSON, for its keys.
        let Ok(object) = serde_json::from_slice::<serde_json::Map<String, serde_json::Value>>(&bytes) else {
            return Err(ApiError::bad("the request body must be a JSON object"));
        };
        let fields = || T::FIELDS.iter().flat_map(|group| group.iter().copied());
        if let Some(unknown) = object.keys().find(|key| !fields().any(|field| field == key.as_str())) {
            let shown: String = unknown.chars().take(40).collect();
            let cut = if shown.len() < unknown.len() { "…" } else { "" };
            return Err(ApiError::bad(format!(
                "unknown field '{shown}{cut}' in the request body: this endpoint reads {}",
                fields().collect::<Vec<_>>().join(", ")
            )));
        }
        Ok(JsonBody(request))
    }
}

/// The id in a path (`/api/jobs/{id}`, `/api/play/{id}/…`), its
/// rejection (an id that is not UTF-8) answered as JSON like every other
/// error: axum's own answer is plain text.
pub struct PathId(pub String);

impl<S: Send + Sync> FromRequestParts<S> for PathId {
    type Rejection = ApiError;

    async fn from_request_parts(parts: &mut Parts, state: &S) -> Result<Self, ApiError> {
        Path::<String>::from_request_parts(parts, state)
            .await
            .map(|Path(id)| PathId(id))
            .map_err(|rejection| ApiError { status: rejection.status(), message: rejection.body_text() })
    }
}

impl IntoResponse for ApiError {
    fn into_response(self) -> Response {
        (self.status, Json(serde_json::json!({ "error": self.message }))).into_response()
    }
}

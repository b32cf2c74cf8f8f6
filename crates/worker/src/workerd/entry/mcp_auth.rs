//! MCP authorization, phase of a [`Call`]: on a deployment whose MCP clients sign in
//! ([`McpAccess::SignedIn`]), the authorization server's paths answered by `mcp-auth.js`, and the
//! credential of an MCP call from its access token. Both leave through the exit like every answer.

use wasm_bindgen::{JsCast, JsValue};
use wasm_bindgen_futures::JsFuture;
use web_sys::{Request, Response};

use super::auth::Credential;
use super::Call;
use crate::app;
use crate::doors::exit::Answer;
use crate::doors::mcp_auth::{self, McpAccess};
use crate::workerd::bindings::{binding, console_error, Auth};
use magisterium_core::serve::http::{self, WorkerResponse};
use serde_json::json;

/// What an MCP call runs on, or the answer that ends it.
pub(super) enum Admitted {
    /// The call goes on with this credential.
    Credential(Credential),
    /// The call was answered (its token refused, the deployment misconfigured).
    Answered(Response),
}

impl Call {
    /// How `/mcp` is reached on this deployment, or the exit's 503 (logged) when it needs the
    /// authorization server's store and has none.
    pub(super) fn mcp_access(&mut self, env: &JsValue) -> Result<McpAccess, WorkerResponse> {
        let has_store = binding(env, mcp_auth::STORE).is_some();
        mcp_auth::access(&self.settings, has_store).map_err(|refused| {
            console_error(
                &json!({ "error": "misconfigured", "setting": mcp_auth::STORE }).to_string(),
            );
            self.log.misconfigured = Some(mcp_auth::STORE);
            self.leave(Answer::Refusal(refused))
        })
    }

    /// The authorization server's answer to `request` (one of [`mcp_auth::owns`]'s paths) on
    /// a deployment whose MCP clients sign in; `None` on any other (the path is then the
    /// stand-in's, or a static file's).
    pub(super) async fn mcp_auth(
        &mut self,
        request: &Request,
        env: &JsValue,
        auth: &Auth,
    ) -> Result<Option<Response>, JsValue> {
        match self.mcp_access(env) {
            Ok(McpAccess::Anonymous) => return Ok(None),
            Ok(McpAccess::SignedIn) => {}
            Err(refused) => return self.done(&refused, None).map(Some),
        }
        let head = self
            .read
            .as_ref()
            .ok_or("the request's headers were not read")?;
        if let Some(refused) = app::refused_origin(head, &self.settings) {
            return self.origin_refused(&refused).map(Some);
        }
        if request.method() == "OPTIONS" {
            let preflight = self.settings.cors.preflight(head.header("origin"));
            let answer = self.leave(Answer::Own(preflight));
            return self.done(&answer, None).map(Some);
        }
        let declared = request.headers().get("content-length")?;
        let cap = self.settings.max_body_bytes;
        if declared
            .and_then(|n| n.parse::<usize>().ok())
            .is_some_and(|n| n > cap)
        {
            let answer = self.leave(Answer::Refusal(http::body_too_large(cap)));
            return self.done(&answer, None).map(Some);
        }
        let answered = JsFuture::from(auth.mcp_serve(request, &self.ctx)).await?;
        self.done_js(answered.dyn_into()?).map(Some)
    }

    /// The credential of a call to `/mcp` on a deployment whose MCP clients sign in: the
    /// Magisterium session its access token's grant holds, else the library's refusal (the
    /// Bearer challenge naming the protected-resource metadata).
    pub(super) async fn mcp_credential(
        &mut self,
        request: &Request,
        auth: &Auth,
    ) -> Result<Admitted, JsValue> {
        let admitted = JsFuture::from(auth.mcp_admit(request)).await?;
        match admitted.dyn_into::<Response>() {
            Ok(refused) => {
                self.log.auth = Some("mcp-token".into());
                let headers = refused.headers();
                let answer = mcp_auth::token_refused(
                    refused.status(),
                    headers.get("www-authenticate")?,
                    headers.get("retry-after")?,
                );
                let answer = self.leave(Answer::Refusal(answer));
                self.done(&answer, None).map(Admitted::Answered)
            }
            Err(credential) => Credential::read(credential).map(Admitted::Credential),
        }
    }
}

/// The names of `headers` (lower case, as the Fetch API gives them).
pub(super) fn header_names(headers: &web_sys::Headers) -> Result<Vec<String>, JsValue> {
    let mut names = Vec::new();
    for pair in js_sys::try_iter(headers)?.into_iter().flatten() {
        if let Some(name) = js_sys::Array::from(&pair?).get(0).as_string() {
            names.push(name);
        }
    }
    Ok(names)
}

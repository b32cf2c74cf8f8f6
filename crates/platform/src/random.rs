//! Random bytes from WebCrypto (`crypto.getRandomValues`), which pages, web workers, workerd and
//! Node all have, for the core's [`Random`] consumers (UUIDs, artifact ids, session ids).

use magisterium_core::ids::Random;
use wasm_bindgen::prelude::*;

#[wasm_bindgen]
extern "C" {
    #[wasm_bindgen(js_namespace = crypto, js_name = getRandomValues, catch)]
    fn get_random_values(bytes: &mut [u8]) -> Result<JsValue, JsValue>;
}

/// The platform's cryptographic random source.
#[derive(Debug, Clone, Copy, Default)]
pub struct CryptoRandom;

impl Random for CryptoRandom {
    fn fill(&mut self, buf: &mut [u8]) {
        // getRandomValues takes at most 65,536 bytes a call.
        for chunk in buf.chunks_mut(65_536) {
            // Every platform we run on has getRandomValues; were it missing, the ids would still
            // be well-formed, only not random.
            let _ = get_random_values(chunk);
        }
    }
}

//! The pages' stylesheet and script, compiled into the binary (no files to
//! deploy). The CSP allows only same-origin scripts, hence no inline script.

use actix_web::http::header;
use actix_web::{web, HttpResponse};

const CSS: &str = include_str!("../../../static/arbiter.css");
const JS: &str = include_str!("../../../static/arbiter.js");

/// A version tag for the asset URLs (`?v=…`, a hash of their content), so
/// browsers may cache them for a day and still get a new file at once.
pub fn version() -> &'static str {
    static TAG: std::sync::OnceLock<String> = std::sync::OnceLock::new();
    TAG.get_or_init(|| {
        // FNV-1a: enough to tell two versions of a file apart.
        let mut h: u64 = 0xcbf2_9ce4_8422_2325;
        for b in CSS.bytes().chain(JS.bytes()) {
            h = (h ^ u64::from(b)).wrapping_mul(0x0100_0000_01b3);
        }
        format!("{:08x}", h as u32)
    })
}

pub async fn serve(file: web::Path<String>) -> HttpResponse {
    let (body, content_type) = match file.as_str() {
        "arbiter.css" => (CSS, "text/css; charset=utf-8"),
        "arbiter.js" => (JS, "text/javascript; charset=utf-8"),
        _ => {
            return HttpResponse::NotFound()
                .content_type("text/plain; charset=utf-8")
                .body("no such file")
        }
    };
    HttpResponse::Ok()
        .content_type(content_type)
        .insert_header((header::CACHE_CONTROL, "public, max-age=86400"))
        .body(body)
}

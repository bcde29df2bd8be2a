//! The body of a cached answer, kept plain and gzip-compressed: what the
//! store keeps, the HTTP side sends and the shared table (`shared`) stores.

use actix_web::web::Bytes;

/// A cached answer, plain and gzip-compressed once (phones ask for gzip; the
/// compression is paid once per version instead of once per reader).
#[derive(Clone)]
pub struct Body {
    pub plain: Bytes,
    pub gzip: Bytes,
}

impl Body {
    pub fn new(plain: Bytes) -> Body {
        use std::io::Write;
        let mut enc = flate2::write::GzEncoder::new(
            Vec::with_capacity(plain.len() / 4),
            flate2::Compression::fast(),
        );
        let gzip = match enc.write_all(&plain).and_then(|()| enc.finish()) {
            Ok(v) => Bytes::from(v),
            Err(_) => Bytes::new(),
        };
        Body { plain, gzip }
    }
}

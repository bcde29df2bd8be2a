//! The server key that seals adjourned games' sealed moves (AEAD,
//! ChaCha20-Poly1305). It lives in a file outside the database, created on first
//! start with mode 0600; without it a database dump reveals no sealed move.

use crate::db::DbConnection;
use base64::Engine;
use chacha20poly1305::aead::{Aead, KeyInit};
use chacha20poly1305::{ChaCha20Poly1305, Key, Nonce};
use rand::RngCore;
use std::path::{Path, PathBuf};

pub struct SealKey {
    cipher: ChaCha20Poly1305,
    pub path: PathBuf,
}

impl std::fmt::Debug for SealKey {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "SealKey({})", self.path.display())
    }
}

#[derive(Debug, thiserror::Error)]
pub enum KeyError {
    #[error("cannot read or create the key file {path}: {message}")]
    Io { path: String, message: String },
    #[error("the key file {0} is damaged (it must hold 32 bytes, base64)")]
    Damaged(String),
    #[error("the database already holds {envelopes} sealed envelope(s) but there is no key: {path} does not exist and ARBITER_KEY is not set. Give this instance the key file every other instance uses (ARBITER_KEY_FILE=… or ARBITER_KEY=…); a new key would open none of them, so none is created")]
    Missing { path: String, envelopes: i64 },
    #[error("the key from {source_name} does not open the sealed envelopes already in the database (envelope {envelope}): it is not the key they were sealed with. Give this instance the same key file as the others (ARBITER_KEY_FILE=…)")]
    Mismatch { source_name: String, envelope: i32 },
}

/// Where the key file is: `$ARBITER_KEY_FILE`, else next to a SQLite database
/// (`arbiter.db` → `arbiter.db.key`), else `arbiter.key` in the working directory.
pub fn key_path(database_url: &str) -> PathBuf {
    if let Ok(p) = std::env::var("ARBITER_KEY_FILE") {
        if !p.is_empty() {
            return PathBuf::from(p);
        }
    }
    match crate::db::Backend::of_url(database_url) {
        crate::db::Backend::Sqlite => {
            let file = database_url
                .strip_prefix("sqlite://")
                .unwrap_or(database_url);
            PathBuf::from(format!("{file}.key"))
        }
        crate::db::Backend::Postgres => PathBuf::from("arbiter.key"),
    }
}

impl SealKey {
    /// The key for a server on `conn`'s database: `$ARBITER_KEY` (base64) when
    /// set, else the file at `path`. A new key file is created only while the
    /// database holds no envelope; an existing envelope must open with the key.
    pub fn load_checked(path: &Path, conn: &mut DbConnection) -> Result<SealKey, KeyError> {
        use crate::db::schema::adjournments;
        use diesel::prelude::*;
        let db_err = |e: diesel::result::Error| KeyError::Io {
            path: path.display().to_string(),
            message: format!("cannot read the envelopes: {e}"),
        };
        let first: Option<(i32, i32, String, String)> = adjournments::table
            .order(adjournments::id.asc())
            .select((
                adjournments::id,
                adjournments::game_id,
                adjournments::sealed_ciphertext,
                adjournments::sealed_nonce,
            ))
            .first(conn)
            .optional()
            .map_err(db_err)?;
        let (key, source_name) = match std::env::var("ARBITER_KEY")
            .ok()
            .filter(|k| !k.trim().is_empty())
        {
            Some(text) => (
                SealKey::from_base64(&text, path, "ARBITER_KEY")?,
                "$ARBITER_KEY".to_string(),
            ),
            None => {
                if first.is_some() && !path.exists() {
                    let envelopes: i64 = adjournments::table
                        .count()
                        .get_result(conn)
                        .map_err(db_err)?;
                    return Err(KeyError::Missing {
                        path: path.display().to_string(),
                        envelopes,
                    });
                }
                (SealKey::load_or_create(path)?, path.display().to_string())
            }
        };
        if let Some((aid, gid, ct, nonce)) = first {
            // The first envelope of all is the first of its game: number 1
            // (see `domain/adjournments.rs`, `context`).
            let context = format!("arbiter sealed move: game {gid} envelope 1");
            if key.open(&ct, &nonce, &context).is_none() {
                return Err(KeyError::Mismatch {
                    source_name,
                    envelope: aid,
                });
            }
        }
        Ok(key)
    }

    fn from_base64(text: &str, path: &Path, name: &str) -> Result<SealKey, KeyError> {
        let bytes = base64::engine::general_purpose::STANDARD
            .decode(text.trim())
            .map_err(|_| KeyError::Damaged(name.to_string()))?;
        if bytes.len() != 32 {
            return Err(KeyError::Damaged(name.to_string()));
        }
        Ok(SealKey {
            cipher: ChaCha20Poly1305::new(Key::from_slice(&bytes)),
            path: path.to_path_buf(),
        })
    }

    /// Loads the key, creating it (mode 0600) when the file does not exist.
    pub fn load_or_create(path: &Path) -> Result<SealKey, KeyError> {
        let io = |e: std::io::Error| KeyError::Io {
            path: path.display().to_string(),
            message: e.to_string(),
        };
        let text = match std::fs::read_to_string(path) {
            Ok(t) => t,
            Err(e) if e.kind() == std::io::ErrorKind::NotFound => {
                let mut key = [0u8; 32];
                rand::rngs::OsRng.fill_bytes(&mut key);
                let text = base64::engine::general_purpose::STANDARD.encode(key);
                let mut opts = std::fs::OpenOptions::new();
                opts.write(true).create_new(true);
                #[cfg(unix)]
                {
                    use std::os::unix::fs::OpenOptionsExt;
                    opts.mode(0o600);
                }
                use std::io::Write;
                let mut f = opts.open(path).map_err(io)?;
                f.write_all(text.as_bytes()).map_err(io)?;
                f.sync_all().map_err(io)?;
                text
            }
            Err(e) => return Err(io(e)),
        };
        SealKey::from_base64(&text, path, &path.display().to_string())
    }

    /// Seals `plain`, binding it to `context` (the game), so a ciphertext cannot
    /// be moved to another game's envelope. Returns (ciphertext, nonce), base64.
    pub fn seal(&self, plain: &str, context: &str) -> (String, String) {
        let mut nonce = [0u8; 12];
        rand::rngs::OsRng.fill_bytes(&mut nonce);
        let payload = chacha20poly1305::aead::Payload {
            msg: plain.as_bytes(),
            aad: context.as_bytes(),
        };
        let ct = self
            .cipher
            .encrypt(Nonce::from_slice(&nonce), payload)
            .unwrap_or_default();
        let b64 = base64::engine::general_purpose::STANDARD;
        (b64.encode(ct), b64.encode(nonce))
    }

    /// Opens a sealed text; `None` when it was tampered with or sealed for another game.
    pub fn open(&self, ciphertext: &str, nonce: &str, context: &str) -> Option<String> {
        let b64 = base64::engine::general_purpose::STANDARD;
        let ct = b64.decode(ciphertext).ok()?;
        let nonce = b64.decode(nonce).ok()?;
        if nonce.len() != 12 {
            return None;
        }
        let payload = chacha20poly1305::aead::Payload {
            msg: &ct,
            aad: context.as_bytes(),
        };
        let plain = self
            .cipher
            .decrypt(Nonce::from_slice(&nonce), payload)
            .ok()?;
        String::from_utf8(plain).ok()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn seals_and_opens_only_for_the_same_game() {
        let dir = std::env::temp_dir().join(format!("arbiter-key-{}", std::process::id()));
        std::fs::create_dir_all(&dir).unwrap();
        let path = dir.join("k");
        let _ = std::fs::remove_file(&path);
        let key = SealKey::load_or_create(&path).unwrap();
        #[cfg(unix)]
        {
            use std::os::unix::fs::PermissionsExt;
            assert_eq!(
                std::fs::metadata(&path).unwrap().permissions().mode() & 0o777,
                0o600
            );
        }
        let (ct, nonce) = key.seal("Nf3", "game 7");
        assert!(!ct.contains("Nf3"));
        assert_eq!(key.open(&ct, &nonce, "game 7").as_deref(), Some("Nf3"));
        assert_eq!(key.open(&ct, &nonce, "game 8"), None);
        // The same file gives the same key.
        let again = SealKey::load_or_create(&path).unwrap();
        assert_eq!(again.open(&ct, &nonce, "game 7").as_deref(), Some("Nf3"));
        let _ = std::fs::remove_dir_all(&dir);
    }
}

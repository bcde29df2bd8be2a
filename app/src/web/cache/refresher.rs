//! The thread that remakes the copies readers read whenever a tournament's
//! version moves (see the module comment of `web::cache`), taking them from
//! or storing them in the shared table on PostgreSQL (`shared`).

use super::shared::{Found, SharedAnswers};
use super::{Cache, Recipe, MIN_GAP, POLL};
use crate::domain::ids::TournamentId;
use crate::sync::Versions;
use std::collections::HashMap;
use std::sync::atomic::Ordering;
use std::sync::{Arc, Weak};
use std::time::{Duration, Instant};

/// A copy to remake; while another instance makes it, asked for again until
/// `since + SHARED_WAIT`.
struct Waiting {
    tid: TournamentId,
    version: u64,
    key: String,
    recipe: Recipe,
    since: Instant,
}

/// How often the refresher asks again for a copy another instance is making.
const SHARED_POLL: Duration = Duration::from_millis(10);
/// How long it waits for another instance before making the copy itself.
const SHARED_WAIT: Duration = Duration::from_secs(1);
/// How often copies nobody remade lately are cleared from the shared table.
const FORGET_EVERY: Duration = Duration::from_secs(60);

/// Makes `w.key` here (and stores it in the shared table when this instance
/// holds the claim there); releases the key's claim in this process.
fn make(c: &Cache, shared: Option<&SharedAnswers>, w: Waiting) {
    let Waiting {
        tid,
        version,
        key,
        recipe,
        ..
    } = w;
    match recipe() {
        Ok(body) => {
            c.refreshed.fetch_add(1, Ordering::Relaxed);
            if let Some(s) = shared {
                if let Err(e) = s.store(&key, version, &body) {
                    log::warn!("shared answers: cannot store {key:?}: {e}");
                }
            }
            c.put(key.clone(), tid, version, body, Some(recipe), false);
        }
        Err(e) => {
            // The next reader computes it (and gets the error itself).
            log::debug!("cache refresher: {key:?}: {e}");
            if let Some(s) = shared {
                let _ = s.release(&key, version);
            }
            if let Some(en) = c.entries().get_mut(&key) {
                en.recipe = None;
            }
        }
    }
    c.release(&key);
}

/// Takes `w` from the shared table, or makes it when this instance wins the
/// claim there; gives it back to be asked for again while another instance
/// is making it (until `SHARED_WAIT` has passed: then it is made here).
fn take_or_make(c: &Cache, shared: Option<&SharedAnswers>, w: Waiting) -> Option<Waiting> {
    let Some(s) = shared else {
        make(c, None, w);
        return None;
    };
    match s.find_or_claim(&w.key, w.tid, w.version) {
        Ok(Found::Copy(v, body)) => {
            c.shared.fetch_add(1, Ordering::Relaxed);
            c.put(w.key.clone(), w.tid, v, body, Some(w.recipe), false);
            c.release(&w.key);
            None
        }
        Ok(Found::Claimed) => {
            make(c, Some(s), w);
            None
        }
        Ok(Found::Busy) if w.since.elapsed() < SHARED_WAIT => Some(w),
        Ok(Found::Busy) => {
            make(c, None, w);
            None
        }
        Err(e) => {
            log::warn!("shared answers: {e}; making {:?} here", w.key);
            make(c, None, w);
            None
        }
    }
}

pub(super) fn run(cache: Weak<Cache>, versions: Arc<Versions>, shared: Option<SharedAnswers>) {
    let mut last: HashMap<TournamentId, Instant> = HashMap::new();
    let mut waiting: Vec<Waiting> = Vec::new();
    let mut forgot = Instant::now();
    let mut wait = POLL;
    while !versions.closing() {
        let Some(c) = cache.upgrade() else { return };
        {
            let s = c.signal.lock().unwrap_or_else(|p| p.into_inner());
            let mut s = if s.kicked {
                s
            } else {
                c.wake
                    .wait_timeout(s, wait)
                    .unwrap_or_else(|p| p.into_inner())
                    .0
            };
            s.kicked = false;
        }
        wait = POLL;
        // The copies other instances were making when last asked.
        waiting = std::mem::take(&mut waiting)
            .into_iter()
            .filter_map(|w| take_or_make(&c, shared.as_ref(), w))
            .collect();
        let now = Instant::now();
        for (tid, version, items) in c.behind(&mut |t| versions.get(t)) {
            if let Some(at) = last.get(&tid) {
                let due = *at + MIN_GAP;
                if due > now {
                    wait = wait.min(due - now);
                    continue;
                }
            }
            // Claimed as a reader claims a recomputation: meanwhile readers
            // get the copy from before (unless told of a newer version).
            let items: Vec<_> = items.into_iter().filter(|(k, _)| c.claim(k)).collect();
            if items.is_empty() {
                continue;
            }
            last.insert(tid, now);
            for (key, recipe) in items {
                let w = Waiting {
                    tid,
                    version,
                    key,
                    recipe,
                    since: now,
                };
                waiting.extend(take_or_make(&c, shared.as_ref(), w));
            }
        }
        if !waiting.is_empty() {
            wait = wait.min(SHARED_POLL);
        }
        if let Some(s) = &shared {
            if forgot.elapsed() >= FORGET_EVERY {
                forgot = Instant::now();
                match s.forget_old() {
                    Ok(0) => {}
                    Ok(n) => log::debug!("shared answers: {n} old copies forgotten"),
                    Err(e) => log::warn!("shared answers: cannot forget old copies: {e}"),
                }
            }
        }
        let mut s = c.signal.lock().unwrap_or_else(|p| p.into_inner());
        s.rounds += 1;
        c.done.notify_all();
    }
}

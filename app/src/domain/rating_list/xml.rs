//! The FIDE combined XML list (`players_list_xml`), read one `<player>` at a time.

use super::*;

/// Reads the FIDE combined XML list one `<player>` at a time. A small tag
/// scanner: the list is flat (root, players, text fields), so no general XML
/// parser is needed; entities (`&amp;` …, `&#…;`) are decoded, comments, the
/// prolog and a DOCTYPE are skipped, anything else out of place is an error.
/// Tags and text are read into buffers kept from one player to the next: a
/// player costs only the strings it keeps.
pub struct XmlReader<R> {
    src: Src<R>,
    buf: Vec<u8>,
    /// The name of the field being read (kept for messages).
    field_name: String,
    /// Its text so far, entities decoded.
    text: String,
    root: Option<String>,
    done: bool,
}

impl<R: BufRead> XmlReader<R> {
    pub fn new(r: R) -> XmlReader<R> {
        XmlReader {
            src: Src::new(r),
            buf: Vec::with_capacity(256),
            field_name: String::new(),
            text: String::new(),
            root: None,
            done: false,
        }
    }

    fn next_player(&mut self) -> Result<Option<ListPlayer>, ListError> {
        let mut player: Option<(ListPlayer, (u64, u64))> = None;
        // The field being read: where its text starts (its name is `field_name`).
        let mut field: Option<(u64, u64)> = None;
        loop {
            // Text up to the next tag.
            let at = self.src.pos();
            let n = self.src.read_until(b'<', &mut self.buf)?;
            let ends_in_tag = self.buf.last() == Some(&b'<');
            let body = if ends_in_tag {
                &self.buf[..n - 1]
            } else {
                &self.buf[..n]
            };
            if field.is_some() {
                decode_entities_into(&text_cow(body), &mut self.text)
                    .map_err(|m| Src::<R>::err_at(at, m))?;
            } else if body.iter().any(|b| !b.is_ascii_whitespace()) && body != b"\xef\xbb\xbf" {
                let skip = body.iter().take_while(|b| b.is_ascii_whitespace()).count();
                return Err(Src::<R>::err_at(
                    (at.0, at.1 + skip as u64),
                    msg!("text outside a player's field"),
                ));
            }
            if !ends_in_tag {
                // The end of the file.
                if let Some((_, p)) = player {
                    return Err(Src::<R>::err_at(
                        p,
                        msg!("the file ends inside this <player>"),
                    ));
                }
                if self.root.is_some() && !self.done {
                    return Err(self
                        .src
                        .err(msg!("the file ends before the list is closed")));
                }
                if self.root.is_none() {
                    return Err(self.src.err(msg!("no list in the file")));
                }
                return Ok(None);
            }
            let tag_at = (self.src.line, self.src.byte - 1);
            let n = self.src.read_until(b'>', &mut self.buf)?;
            if self.buf.last() != Some(&b'>') {
                return Err(Src::<R>::err_at(
                    tag_at,
                    msg!("a tag is not closed with '>'"),
                ));
            }
            self.buf.truncate(n - 1);
            if self.buf.starts_with(b"!--") {
                // A comment may hold '>': read on to its "-->".
                let mut tag = text_of(&self.buf);
                while !tag.ends_with("--") {
                    let n = self.src.read_until(b'>', &mut self.buf)?;
                    if self.buf.last() != Some(&b'>') {
                        return Err(Src::<R>::err_at(tag_at, msg!("a comment is not closed")));
                    }
                    tag.push('>');
                    tag.push_str(&text_of(&self.buf[..n - 1]));
                }
                continue;
            }
            if self.buf.starts_with(b"?") || self.buf.starts_with(b"!") {
                continue;
            }
            let tag = text_cow(&self.buf);
            let (closing, self_closing) = (tag.starts_with('/'), tag.ends_with('/'));
            let name: &str = tag
                .trim_start_matches('/')
                .trim_end_matches('/')
                .split_whitespace()
                .next()
                .unwrap_or("");
            if name.is_empty() {
                return Err(Src::<R>::err_at(tag_at, msg!("a tag without a name")));
            }
            if self.done {
                return Err(Src::<R>::err_at(
                    tag_at,
                    msg!("<{}> after the end of the list", name),
                ));
            }
            if closing {
                if let Some(fat) = field {
                    if self.field_name != name {
                        return Err(Src::<R>::err_at(
                            tag_at,
                            msg!("</{}> where </{}> was expected", name, self.field_name),
                        ));
                    }
                    field = None;
                    if let Some((p, _)) = player.as_mut() {
                        set_xml_field(p, &self.field_name, &self.text)
                            .map_err(|m| Src::<R>::err_at(fat, m))?;
                    }
                    continue;
                }
                if let Some((p, pat)) = player.take() {
                    if name != "player" {
                        return Err(Src::<R>::err_at(
                            tag_at,
                            msg!("</{}> where </player> was expected", name),
                        ));
                    }
                    if p.fide_id.is_none() {
                        return Err(Src::<R>::err_at(pat, msg!("a player without a <fideid>")));
                    }
                    if p.name.trim().is_empty() {
                        return Err(Src::<R>::err_at(pat, msg!("a player without a <name>")));
                    }
                    return Ok(Some(p));
                }
                if self.root.as_deref() == Some(name) {
                    self.done = true;
                    continue;
                }
                return Err(Src::<R>::err_at(
                    tag_at,
                    msg!("</{}> closes nothing that is open", name),
                ));
            }
            // An opening (or empty) tag.
            if self.root.is_none() {
                if self_closing {
                    self.done = true;
                }
                self.root = Some(name.to_string());
                continue;
            }
            match (&player, field) {
                (None, _) if name == "player" => {
                    if self_closing {
                        return Err(Src::<R>::err_at(tag_at, msg!("an empty <player/>")));
                    }
                    player = Some((ListPlayer::default(), tag_at));
                }
                (None, _) => {
                    return Err(Src::<R>::err_at(
                        tag_at,
                        msg!("<{}> where a <player> was expected", name),
                    ))
                }
                (Some(_), None) if self_closing => {
                    if let Some((p, _)) = player.as_mut() {
                        set_xml_field(p, name, "").map_err(|m| Src::<R>::err_at(tag_at, m))?;
                    }
                }
                (Some(_), None) => {
                    self.text.clear();
                    self.field_name.clear();
                    self.field_name.push_str(name);
                    field = Some(self.src.pos());
                }
                (Some(_), Some(_)) => {
                    return Err(Src::<R>::err_at(
                        tag_at,
                        msg!(
                            "<{}> inside <{}>: a player's fields hold text only",
                            name,
                            self.field_name
                        ),
                    ))
                }
            }
        }
    }
}

/// Appends `s` to `out` with its entities decoded.
fn decode_entities_into(s: &str, out: &mut String) -> Result<(), Msg> {
    let mut rest = s;
    while let Some(i) = rest.find('&') {
        out.push_str(&rest[..i]);
        let after = &rest[i + 1..];
        let Some(end) = after.find(';').filter(|&e| e <= 10) else {
            return Err(msg!("a '&' that starts no entity (write &amp;)"));
        };
        let ent = &after[..end];
        let c = match ent {
            "amp" => '&',
            "lt" => '<',
            "gt" => '>',
            "quot" => '"',
            "apos" => '\'',
            _ => {
                let code = if let Some(h) = ent.strip_prefix("#x").or(ent.strip_prefix("#X")) {
                    u32::from_str_radix(h, 16).ok()
                } else if let Some(d) = ent.strip_prefix('#') {
                    d.parse::<u32>().ok()
                } else {
                    None
                };
                code.and_then(char::from_u32)
                    .ok_or_else(|| msg!("unknown entity &{};", ent))?
            }
        };
        out.push(c);
        rest = &after[end + 1..];
    }
    out.push_str(rest);
    Ok(())
}

fn set_xml_field(p: &mut ListPlayer, field: &str, text: &str) -> Result<(), Msg> {
    let t = text.trim();
    match field {
        "fideid" => p.fide_id = fide_id(t)?,
        "name" => p.name = t.to_string(),
        "country" => p.federation = t.to_string(),
        "sex" => p.sex = sex(t),
        "title" => p.title = t.to_string(),
        "w_title" => p.w_title = t.to_string(),
        "o_title" => p.o_title = t.to_string(),
        "foa_title" => p.foa_title = t.to_string(),
        "rating" => p.standard = rating(t, "<rating>")?,
        "games" => p.games = number(t, "<games>")?,
        "k" => p.k_standard = number(t, "<k>")?,
        "rapid_rating" => p.rapid = rating(t, "<rapid_rating>")?,
        "rapid_k" => p.k_rapid = number(t, "<rapid_k>")?,
        "blitz_rating" => p.blitz = rating(t, "<blitz_rating>")?,
        "blitz_k" => p.k_blitz = number(t, "<blitz_k>")?,
        "birthday" => p.birth_year = birth_year(t)?,
        "flag" => p.flags = t.to_string(),
        // rapid_games, blitz_games and fields of later layouts: not kept.
        _ => {}
    }
    Ok(())
}

impl<R: BufRead> Iterator for XmlReader<R> {
    type Item = Result<ListPlayer, ListError>;
    fn next(&mut self) -> Option<Self::Item> {
        if self.done && self.root.is_some() && self.buf.is_empty() {
            return None;
        }
        match self.next_player() {
            Ok(Some(p)) => Some(Ok(p)),
            Ok(None) => {
                self.buf.clear();
                self.done = true;
                None
            }
            Err(e) => {
                // One error ends the reading.
                self.done = true;
                self.root.get_or_insert_with(String::new);
                self.buf.clear();
                Some(Err(e))
            }
        }
    }
}

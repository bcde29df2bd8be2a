//! A browser without JavaScript, for the staff's forms: a cookie jar, form
//! posts, redirects not followed (so tests see them).

use reqwest::blocking::Client;

/// A browser without JavaScript: cookies, forms, no redirects followed (to see them).
pub struct Form {
    http: Client,
    base: String,
}

impl Form {
    pub fn new(base: &str) -> Form {
        Form {
            http: Client::builder()
                .cookie_store(true)
                .redirect(reqwest::redirect::Policy::none())
                .build()
                .unwrap(),
            base: base.to_string(),
        }
    }

    /// A browser logged in through the login page as `username` (the login
    /// must succeed: a redirect to the front page).
    pub fn logged_in(base: &str, username: &str, password: &str) -> Form {
        let f = Form::new(base);
        let (status, location, body) =
            f.post("/login", &[("username", username), ("password", password)]);
        assert_eq!(
            (status, location.as_str()),
            (303, "/"),
            "{username} logs in: {body}"
        );
        f
    }

    pub fn get(&self, path: &str) -> (u16, String) {
        let r = self
            .http
            .get(format!("{}{path}", self.base))
            .send()
            .unwrap();
        (r.status().as_u16(), r.text().unwrap())
    }

    /// A GET answered with bytes (a PDF, a file): status, content type, body.
    pub fn get_bytes(&self, path: &str) -> (u16, String, Vec<u8>) {
        let r = self
            .http
            .get(format!("{}{path}", self.base))
            .send()
            .unwrap();
        let status = r.status().as_u16();
        let ct = super::header(&r, "content-type");
        (status, ct, r.bytes().unwrap().to_vec())
    }

    pub fn post(&self, path: &str, fields: &[(&str, &str)]) -> (u16, String, String) {
        // The login form carries a token of its own (no session yet): a test
        // that does not give one takes the form's, as a browser does.
        let token;
        let mut fields = fields.to_vec();
        if path == "/login" && !fields.iter().any(|(k, _)| *k == "csrf") {
            token = self.csrf("/login");
            fields.push(("csrf", &token));
        }
        let r = self
            .http
            .post(format!("{}{path}", self.base))
            .form(&fields)
            .send()
            .unwrap();
        let location = super::header(&r, "location");
        (r.status().as_u16(), location, r.text().unwrap())
    }

    /// Posts a `multipart/form-data` form, as a browser sends a form with a
    /// file input: the text `fields`, then the file `file` named `name`.
    pub fn post_file(
        &self,
        path: &str,
        fields: &[(&str, &str)],
        file: (&str, &str, &[u8]),
    ) -> (u16, String, String) {
        let boundary = "----ArbiterTestBoundary7MA4YWxkTrZu0gW";
        let mut body = Vec::new();
        for (k, v) in fields {
            body.extend_from_slice(
                format!(
                    "--{boundary}\r\nContent-Disposition: form-data; name=\"{k}\"\r\n\r\n{v}\r\n"
                )
                .as_bytes(),
            );
        }
        let (field, name, bytes) = file;
        body.extend_from_slice(
            format!(
                "--{boundary}\r\nContent-Disposition: form-data; name=\"{field}\"; filename=\"{name}\"\r\nContent-Type: application/octet-stream\r\n\r\n"
            )
            .as_bytes(),
        );
        body.extend_from_slice(bytes);
        body.extend_from_slice(format!("\r\n--{boundary}--\r\n").as_bytes());
        let r = self
            .http
            .post(format!("{}{path}", self.base))
            .header(
                "content-type",
                format!("multipart/form-data; boundary={boundary}"),
            )
            .body(body)
            .send()
            .unwrap();
        let location = super::header(&r, "location");
        (r.status().as_u16(), location, r.text().unwrap())
    }

    /// The CSRF token the page's forms carry.
    pub fn csrf(&self, path: &str) -> String {
        let (_, html) = self.get(path);
        let at = html
            .find("name=\"csrf\" value=\"")
            .expect("a form with a CSRF token")
            + 19;
        html[at..].split('"').next().unwrap().to_string()
    }
}

/// Logs `client` (a cookie-keeping reqwest client) in through the login page,
/// as a browser does: the form first, for its CSRF token, then the post.
pub fn page_login(
    client: &Client,
    base: &str,
    username: &str,
    password: &str,
) -> reqwest::blocking::Response {
    let html = client
        .get(format!("{base}/login"))
        .send()
        .unwrap()
        .text()
        .unwrap();
    let at = html
        .find("name=\"csrf\" value=\"")
        .expect("the login form's token")
        + 19;
    let token = html[at..].split('"').next().unwrap().to_string();
    client
        .post(format!("{base}/login"))
        .form(&[
            ("username", username),
            ("password", password),
            ("csrf", token.as_str()),
        ])
        .send()
        .unwrap()
}

/// The new-tournament form (`/new`) of a 3-round event in Brno, 15 minutes
/// plus 10 seconds a move, under the 2009 Laws, with `system`.
pub fn new_tournament<'a>(csrf: &'a str, system: &'a str) -> Vec<(&'a str, &'a str)> {
    vec![
        ("csrf", csrf),
        ("name", "Turnaj"),
        ("place", "Brno"),
        ("start_date", "2026-05-01"),
        ("end_date", "2026-05-03"),
        ("system", system),
        ("rounds", "3"),
        ("base_minutes", "15"),
        ("increment", "10"),
        ("default_time_minutes", "0"),
        ("win", "1"),
        ("draw", "0.5"),
        ("late_entry_bye", "zero"),
        ("tiebreaks", ""),
        ("laws_edition", "2009"),
    ]
}

/// `fields` with the values of `changes` in place of theirs (a field not
/// there yet is added at the end).
pub fn replaced<'a>(
    mut fields: Vec<(&'a str, &'a str)>,
    changes: &[(&'a str, &'a str)],
) -> Vec<(&'a str, &'a str)> {
    for &(k, v) in changes {
        match fields.iter_mut().find(|(name, _)| *name == k) {
            Some(field) => field.1 = v,
            None => fields.push((k, v)),
        }
    }
    fields
}

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

    pub fn get(&self, path: &str) -> (u16, String) {
        let r = self
            .http
            .get(format!("{}{path}", self.base))
            .send()
            .unwrap();
        (r.status().as_u16(), r.text().unwrap())
    }

    pub fn post(&self, path: &str, fields: &[(&str, &str)]) -> (u16, String, String) {
        let r = self
            .http
            .post(format!("{}{path}", self.base))
            .form(fields)
            .send()
            .unwrap();
        let location = r
            .headers()
            .get("location")
            .and_then(|v| v.to_str().ok())
            .unwrap_or("")
            .to_string();
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

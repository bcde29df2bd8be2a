//! The closed sets of `types::kinds`, and reading a submitted word into one
//! as a 422 that names the form's field.

pub use crate::types::kinds::*;

use super::{DomainError, DomainResult};

/// Reads a submitted word into its set, as a 422 naming `field` when it is not one.
pub fn parse_field<T: std::str::FromStr<Err = UnknownValue>>(
    field: &str,
    value: &str,
) -> DomainResult<T> {
    value.trim().parse().map_err(|e: UnknownValue| {
        DomainError::invalid(
            field,
            msg!(
                "'{}' is not a {}; allowed: {}",
                e.value,
                crate::domain::msg::word(e.set),
                crate::domain::msg::words(e.allowed)
            ),
        )
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_word_not_in_its_set_is_a_422_naming_the_field() {
        let e = parse_field::<Sex>("sex", "x").unwrap_err();
        assert!(matches!(e, DomainError::Invalid { ref field, .. } if field == "sex"));
        let e = parse_field::<Variant>("variant", "crazyhouse").unwrap_err();
        match &e {
            DomainError::Invalid { field, message } => {
                assert_eq!(field, "variant");
                assert!(
                    message.to_string().contains("standard, chess960"),
                    "{message}"
                );
            }
            other => panic!("expected a 422 naming the field, got {other:?}"),
        }
        assert_eq!(
            parse_field::<PairingSystem>("system", " swiss ").unwrap(),
            PairingSystem::Swiss
        );
    }
}

//! The Laws of Chess (FIDE) as an exact, dependency-free library.

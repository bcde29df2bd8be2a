//! FIDE (Dutch) Swiss system, C.04.3 (module under construction)

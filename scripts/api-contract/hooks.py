"""schemathesis hooks of the API contract run (scripts/api-fuzz.sh, issue 23):
the media types of the printouts and files, so that their answers are checked
against the document like the JSON ones.

- application/pdf: read as Latin-1 text, so the document's `PdfFile` schema
  (a string that starts with the PDF header `%PDF-`, ISO 32000-1 §7.5.2)
  checks every PDF answer.
- application/x-chess-pgn: PGN is text (the PGN standard, 8.1); answers are read
  as UTF-8 text, request bodies are sent as UTF-8 text like text/plain.
"""

import schemathesis


@schemathesis.deserializer("application/pdf")
def pdf_answer(ctx, response):
    return response.content.decode("latin-1")


@schemathesis.deserializer("application/x-chess-pgn")
def pgn_answer(ctx, response):
    return response.content.decode("utf-8")


schemathesis.serializer.alias("application/x-chess-pgn", "text/plain")

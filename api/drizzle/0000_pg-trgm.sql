-- Trigram matching for typo-tolerant search (decision 16); the schema's GIN indexes need it first.
CREATE EXTENSION IF NOT EXISTS pg_trgm;

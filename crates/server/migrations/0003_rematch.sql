-- The table of a finished table's rematch, once one was made: set once, so that every instance
-- and every restart sends the players to the same rematch.
ALTER TABLE tables ADD COLUMN rematch TEXT;

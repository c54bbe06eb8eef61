"""The room's tables: creating, listing and finding them; who may do what at a table; names."""

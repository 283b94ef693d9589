/// Stored pages on disk: records, durable writes, SHA-256. (Filled in by issue 3.)
public enum ShortcutStoreModule {}

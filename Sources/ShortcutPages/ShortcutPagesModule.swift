/// Shortcut pages: template -> page -> data URI. (Filled in by issue 4.)
public enum ShortcutPagesModule {}

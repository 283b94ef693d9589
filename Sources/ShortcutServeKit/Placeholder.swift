import ShortcutHTTP
public enum ServeKitPlaceholder {}

/// How the server delivers a shortcut from `/s/<id>`.
public enum DeliveryMode: String, Sendable, CaseIterable {
    /// 301 to the stored page `/p/<id>` on the same server: works on current iOS (the default).
    case page
    /// 301 to `data:text/html;base64,…`: the classic in-app method; refused by WebKit since iOS 16.4.
    case data
}

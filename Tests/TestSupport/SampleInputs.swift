import Foundation

/// Inputs that the routes' tests and the command line's tests both give the product, so each side is
/// checked against the same bytes.
public enum SampleInputs {
    /// An apple-app-site-association file with a universal link (`/buy/*`) and an exclusion.
    public static let aasa = #"""
        {"applinks": {"details": [{"appIDs": ["ABCDE12345.com.example.app"], "components": [
          {"#": "no_universal_links", "exclude": true}, {"/": "/buy/*"}]}]}}
        """#

    /// A landing link with every member set (`POST /api/links`).
    public static let promoLink =
        #"{"id": "promo", "title": "Spring sale", "description": "50% off", "app_url": "myapp://promo/1", "universal_url": "https://example.com/promo/1", "fallback_url": "https://example.com/promo", "app_store_id": 123456789, "app_clip_bundle_id": "com.example.app.Clip", "app_id": "ABCDE12345.com.example.app", "secret": "k"}"#

    /// A probe report from an iPhone on the network over plain HTTP: no secure context, no service worker.
    public static let lanProbeReport =
        #"{"secure_context": false, "service_worker": false, "service_worker_reason": "not a secure context", "data_redirect": "refused", "origin": "http://192.168.1.20:9081", "user_agent": "Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15"}"#

    /// `bytes` written to a new file under the temp folder; its path.
    public static func file(_ bytes: [UInt8]) throws -> String {
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("ss-input-\(UUID().uuidString)").path
        try Data(bytes).write(to: URL(fileURLWithPath: path))
        return path
    }
}

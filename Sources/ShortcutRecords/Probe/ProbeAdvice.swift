/// What follows from a probe report for the phone that sent it: which delivery path to use (`use`), and a
/// line for each check that says what it means. Only what the report proves is said as a fact; what it
/// cannot prove (a profile's icon, which the page cannot see) is said as advice.
package struct ProbeAdvice: Sendable, Equatable {
    /// The path to use on that phone, in one line.
    package let use: String
    /// One line per finding.
    package let findings: [String]

    package init(_ report: ProbeReport) {
        var findings: [String] = []
        let offlinePage = report.secureContext == true && report.serviceWorker == true
        let origin = report.origin ?? "this origin"
        if report.secureContext == false {
            findings.append(
                "\(origin) is not a secure context on this phone: no service worker, so a page-mode icon needs the server running")
        } else if report.serviceWorker == false {
            findings.append(
                "no service worker registered (\(report.serviceWorkerReason ?? "no reason given")): a page-mode icon needs the server running"
            )
        } else if offlinePage {
            findings.append(
                "a service worker registered and controlled a page at \(origin): page-mode icons open while the server is off, after one launch"
            )
        }
        if report.standalone == true {
            findings.append(
                report.controlled == true
                    ? "this launch from the home screen was served by the worker: proven on this phone"
                    : "launched from the home screen, but not through the worker (the first launch is; relaunch to prove the offline path)")
        }
        if report.keptOffline == true {
            findings.append("this report was made while the server could not be reached and sent later: the page opened offline")
        }
        switch report.dataRedirect {
        case .followed?: findings.append("a redirect to a data: URL was followed (in a frame): data mode may work in this browser")
        case .refused?:
            findings.append(
                "a redirect to a data: URL was refused (in a frame; iOS 16.4 and later refuse it at the top level too): data mode does not work here"
            )
        default: break
        }
        switch report.appURL {
        case .opened?: findings.append("the app URL brought an app forward")
        case .notOpened?:
            findings.append(
                "the app URL did not bring an app forward: is the app installed, and its scheme in Info.plist (CFBundleURLTypes)?")
        default: break
        }
        if report.storagePersisted == false {
            findings.append("storage is not persisted: the browser may evict the kept page after weeks without a launch")
        }
        self.findings = findings

        if offlinePage {
            use = "use page mode at \(origin): add /p/<id> to the home screen; it opens while the server is off after one launch"
        } else if report.iOSVersion != nil {
            let old = report.iOSMajorMinor.map { $0 < (16, 4) } ?? false
            use =
                "use the web clip profile (/w/<id>.mobileconfig) for an icon that opens while the server is off, or page mode (/p/<id>) while it runs"
                + (old && report.dataRedirect == .followed ? "; data mode works on this iOS (before 16.4)" : "")
                + (report.secureContext == false ? "; for offline page mode serve over HTTPS (docs/phone.md: HTTPS for a phone)" : "")
        } else {
            use =
                "use page mode (/p/<id>) while the server runs"
                + (report.secureContext == false
                    ? "; for an icon that opens while it is off, serve over HTTPS (docs/phone.md: HTTPS for a phone)" : "")
        }
    }
}

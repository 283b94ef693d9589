extension ShortcutIcon {
    /// The icon used when a shortcut gives none: a 180×180 PNG (the iPhone home-screen size) of a
    /// white "add" square on a blue gradient, 1634 bytes.
    package static let builtIn = ShortcutIcon(trusted: BuiltInIcon.bytes, format: .png)
}

/// The built-in icon's PNG, embedded as base64. It was drawn once with Python's zlib and struct:
/// a vertical gradient #4F8BFF → #2A5BE0, a rounded-square ring (half-size 48, radius 18, stroke 10)
/// and a plus (arms 26, half-thickness 5) centred at (90, 90), 4×4 supersampled, 8-bit RGB, each row
/// filtered with the PNG filter of smallest absolute sum, `zlib.compress(level 9)`.
enum BuiltInIcon {
    /// The PNG bytes; the tests check its signature, IHDR and every chunk's CRC.
    static let bytes: [UInt8] = {
        do throws(Base64.DecodeError) {
            return try Base64.decode(base64)
        } catch {
            preconditionFailure("the built-in icon's base64 is corrupt: \(error.reason)")
        }
    }()

    private static let base64 = """
        iVBORw0KGgoAAAANSUhEUgAAALQAAAC0CAIAAACyr5FlAAAGKUlEQVR42u2dTWxUVRiG596ZTqel/JguhKARUKtx0QFqk9YYtDVW
        jRrEjbgAZKHWhQtju5GoGOPGCjujCzX+LFwYFYMLU+MPxlAXooUNpqZBUpO2iVBgxs7Q+bl+I4mWxHtqS2fON+c+T2666U37nW/e
        eb/3nN5Jve1DQQzgv/BpAYSRiGEcECaOAHUAYwUQB5A5AOcAu4EUIGysMFeAzAFkDkAcQCAFMgewWwEyB7iSOTAOwDkAcQDigJps
        ZQkdEBZI6QEwVgBxwHJmDpoAYeJAHUAgBcYKEEgBcQDiAJ2BlONzwDkAcQDigBpkDs45IDyQ0gMIdQ6sA8gcQOYAnAMIpMLVa7zb
        bvbbr/NbUrH2DfWt5hO/lbP52InT5aO/lKfPae+91/diXm1xd2+O7+iKX7/Wc/J9OT4VfPpD6cvRkmZx5BSWJQ4x8FCDeIbz1i3+
        8dqhgjgK4liYlpTXf29CPCNS0138480vitm8rkGjK3OIMl59LOnqHDEP0E1r/cF351Tpw69sZXVcLY3eUCSVcQlZuCxfmqDnFfH1
        eMbQ3ugq41997E1KKzjnuIz++xIRV8Y/+pBW6BGHff9Kb/D6IpZADUgrpCEaXhc/CGLWr4EdSTQxH2mIhtfFvoP1bYn/n/OM8any
        JyPF46fq4GAxDFlmeqP/cLcMUH/BO6Utwz9bPh+zLw5plvkG2d198E1RlOHAeZe83nLJknf1JMzBU+6xLg7f+pvJ/DYSZQy8M+eA
        MuYjy5FFmY80pC3WD4jjm7Y9Z/HX37Ml3nmjKYq+PVw4erIUc46ZbFAoxsxrn54pn5yweazu2w3E7RtN3RmfLH88UlRzJrTMlyxN
        FmhYvjTHboWWx0pLagH7dXtXYl6guTk1CaRWs3/a6Byjp0puP6hWWaC5OVaXr/rZmekZx59hVL5AHhOE8LGi+T9S89+y7XZA99Pn
        PBlP5gClYyXi6//qlRWG7961788oNwfnAEMgVTzXrdcW8QKUf5A6oADGCugMpBgHBeAcsPhAinFQAM4BS8gc7GUpAOcAMgcF4BxQ
        i8yBdVBAmDhQBwUwVoBASgFkDgpgrADiAKVbWY7PKcDRQPrd0OrqFXDkyn74tsHzdZ15GCuAOICtrGv1s5UFpc7BB6k11x/wtxUg
        c5A5yBzAVhaiEEjr25Vvf/bclfyK7w+sqd4Pr/e5yt9WKICxAogD2MpSAIGUAhgroHWsMFcogMxBAYwVIJBSAM4BdjMHx+cUgHMA
        mYMCcA6oRebAOigA54BFOwfWQQGhgZSdLAUwVmAJYyXSdD39ByLAOYCtrGPYfkyQD1LH6ABjBRwSx7rWuNvdV75Av+Jb9q6ffi0Y
        itt6Q4Pd8qp9VRYYTqU5Vsuz7ByZ2bLhuzt7mtx2DvMCzc2phXPYffMcMzpH2zWJR3qaXDUOWZos0LB8aY7dCv3KCa2968jxi2bx
        Pn7/irb1cbtFVuOSRcnSzGuvNMdqkZbHyuSZ0tjvRcMNK5u8N565amdvs1PTpLdZFiVLM9wjbZHm2K0zvr5z0G4Fc4XgjnSj4YbG
        Bq/7lqTcI3dmckE2V6+HH7I3uTPd+MLuVQ90pWRR5ptfP5Q1v21qgNf51LT1rn32cqvzu9bFGur258/Y38pqGMEvvX8BQcxHGqLh
        dfE1JPdjY3Ofj+TQxCWkFdIQDa+LlhPSgx9lrI9YDUgTpBUcn19+4JML+g+ejbg+ZPnShIyaxO3rORXKzAb9B86OTURUH7JwWb40
        Qc8rEl9364CeBl0sxoZ/zLeu9m+6tiFSyjg8ktv31vmMsl261/HklMJmdbQl9+9ZFYX9rexa97934e8Eqg4Rx6Taxj3Y3fRob3Ob
        oy4yNlH48OvZw4q3aV7HE5PKm1g5WNycEi9Z2ezJ17oWhDiEpAr5+u1o3vrp+MLi2KpeHBD1rSwoJMET3oBzwBKcA+uAMHEgDSBz
        AJkDEAcgDrAbSANCB+AcgDgAcUD1MwfnHBAeSOkBhDoH1gGMFSCQAuIAAinYzRzIAxgrgDgAcUANAimRA3AOWPxuhSNSCN/K0gQI
        yxz0AMgcgDiAzAHsVoBACmQOIHMAzgGIAyIcSJkrQOYAxgosF38BWnH/fMkBtEUAAAAASUVORK5CYII=
        """
}

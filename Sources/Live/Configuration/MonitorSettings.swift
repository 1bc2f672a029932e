/// The daemon's monitor endpoint (`/metrics`, `/api/status`, `/api/events`, `/`): off unless
/// the configuration has a `monitor` object.
public struct MonitorSettings: Sendable, Hashable {
    /// `HOST:PORT` to listen on; `127.0.0.1:9464` by default.
    public var listen: String
    /// Where the bearer token comes from; nil serves without one (loopback only).
    public var token: APIKeySource?

    public init(listen: String = "127.0.0.1:9464", token: APIKeySource? = nil) {
        self.listen = listen
        self.token = token
    }
}

extension Configuration {
    /// Reads the `monitor` object (`listen`, `tokenEnv` or `tokenFile`), nil when absent.
    static func parseMonitor(_ root: inout ConfigObject) throws(ConfigurationError) -> MonitorSettings? {
        guard var object = try root.object("monitor") else { return nil }
        var settings = MonitorSettings()
        settings.listen = try object.string("listen") ?? settings.listen
        let environment = try object.string("tokenEnv")
        let file = try object.string("tokenFile")
        switch (environment, file) {
        case (let name?, nil): settings.token = .environment(name)
        case (nil, let path?): settings.token = .file(path)
        case (nil, nil): break
        case (_?, _?): throw object.error("tokenFile", "set tokenEnv or tokenFile, not both")
        }
        try object.finish()
        return settings
    }
}

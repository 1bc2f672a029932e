extension Duration {
    /// The duration in seconds, as a number for rates and progress (`Double`: a measure, never
    /// a time kept).
    public var seconds: Double {
        let (seconds, attoseconds) = components
        return Double(seconds) + Double(attoseconds) * 1e-18
    }
}

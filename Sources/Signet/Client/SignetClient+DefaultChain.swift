import HTTPTypes

extension SignetClient {
    /// The default middleware for a signed API, outermost first:
    /// default headers → retry → clock skew → signing → logging → timeout (→ transport).
    ///
    /// Why this order:
    /// - default headers first, once per call, so every later step sees the final header set;
    /// - retry outside clock skew and signing: the `Date` is part of the signature, so every attempt must
    ///   be signed anew with a fresh date (signing once and then retrying sends stale dates);
    /// - clock skew outside signing: its one retry re-signs with the learned offset;
    /// - logging after signing: it sees what goes on the wire, and redacts it; it logs each attempt;
    /// - timeout innermost, per attempt: a hung attempt is cancelled and, if idempotent, retried, while
    ///   retry's total-time budget bounds the whole call. Pass `timeout: nil` to leave attempts unbounded.
    public static func defaultMiddleware<Signer: RequestSigner>(
        signer: Signer,
        clockOffsets: ClockOffsetStore,
        retry: RetryMiddleware = RetryMiddleware(),
        timeout: Duration? = .seconds(30),
        logging: LoggingMiddleware = LoggingMiddleware(),
        defaultHeaders: DefaultHeadersMiddleware = DefaultHeadersMiddleware()
    ) -> [any SignetMiddleware] {
        var chain: [any SignetMiddleware] = [
            defaultHeaders,
            retry,
            ClockSkewMiddleware(store: clockOffsets),
            SigningMiddleware(signer: signer),
            logging,
        ]
        if let timeout { chain.append(TimeoutMiddleware(defaultTimeout: timeout)) }
        return chain
    }

    /// The default middleware for an unsigned API, outermost first:
    /// default headers → retry → logging → timeout (→ transport). Same reasons as the signed chain.
    public static func defaultMiddleware(
        retry: RetryMiddleware = RetryMiddleware(),
        timeout: Duration? = .seconds(30),
        logging: LoggingMiddleware = LoggingMiddleware(),
        defaultHeaders: DefaultHeadersMiddleware = DefaultHeadersMiddleware()
    ) -> [any SignetMiddleware] {
        var chain: [any SignetMiddleware] = [defaultHeaders, retry, logging]
        if let timeout { chain.append(TimeoutMiddleware(defaultTimeout: timeout)) }
        return chain
    }
}

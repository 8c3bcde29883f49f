import NIOCore

/// The deadlines of one HTTP/1 connection, as a state machine with pure transitions (tested without a
/// socket): the handlers report what they see, and do what the returned ``Action`` says.
struct ConnectionDeadlines {
    /// Where the connection stands.
    enum Phase: Equatable {
        /// A request head is due by `deadline`; `started` once any byte of it has arrived.
        case readingHead(deadline: NIODeadline, started: Bool)
        /// Requests are in flight: the application's time, not bounded here; but a request body still
        /// arriving is due by its body deadline (``ConnectionLimits/bodyTimeout``).
        case busy
        /// Every response is written but the last request's body is still arriving; it is due by `deadline`.
        case finishingRequest(deadline: NIODeadline)
        /// Nothing in flight; closed at `deadline` unless a byte arrives first.
        case idle(deadline: NIODeadline)
        /// Upgraded to another protocol (WebSocket), which keeps its own time.
        case upgraded
        /// A request was refused behind others still to be answered: their answers go out, then the refusal.
        case refusing
        /// Being closed; nothing more is timed or answered.
        case closing
    }

    /// Why a connection is closed at a deadline.
    enum Timeout: Equatable {
        /// A head began and did not complete in time: answer 408, then close.
        case head
        /// Nothing at all arrived in time (a new connection, or one idle between requests): close quietly.
        case silent
        /// The rest of an answered request did not arrive in time: close.
        case requestBody
        /// A request's body did not arrive in time and nothing is answered yet: answer 408, then close.
        case stalledBody
    }

    /// What the handlers do next.
    enum Action: Equatable {
        case none
        /// Make sure a timer fires no later than this.
        case wake(at: NIODeadline)
        /// The deadline passed: close the connection, as the timeout says.
        case timeout(Timeout)
        /// The requests before a refused one are answered: answer the refusal now, then close.
        case answerRefusal
    }

    /// What to do about a request the decoder refused.
    enum Refusal: Equatable {
        /// No answer is under way and every earlier request is answered: answer it, then close.
        case answer
        /// Earlier requests still wait for their answers: let them go out first (``Action/answerRefusal``).
        case wait
        /// The refused request's own answer is under way, or the connection is closing: close at once.
        case close
    }

    private let headTimeout: TimeAmount
    private let idleTimeout: TimeAmount
    private let bodyTimeout: TimeAmount
    /// Nanoseconds each body byte adds to the body deadline (1e9 / the minimum rate).
    private let nanosecondsPerBodyByte: Int64
    /// When the body of the request being read is due, while one is (``requestOpen``); each byte moves it on.
    private(set) var bodyDeadline: NIODeadline?
    private(set) var phase: Phase
    /// Heads read whose response has not ended.
    private var responsesPending = 0
    /// A head was read and its request's end was not.
    private var requestOpen = false
    /// A response head was written and its end was not.
    private var responseOpen = false

    init(limits: ConnectionLimits, now: NIODeadline) {
        let least = TimeAmount.milliseconds(1)
        headTimeout = max(TimeAmount(limits.headTimeout), least)
        idleTimeout = max(TimeAmount(limits.idleTimeout), least)
        bodyTimeout = max(TimeAmount(limits.bodyTimeout), least)
        nanosecondsPerBodyByte = 1_000_000_000 / Int64(max(1, limits.minimumBodyRate))
        phase = .readingHead(deadline: now + headTimeout, started: false)
    }

    /// The deadline of the current phase, if it has one.
    var deadline: NIODeadline? {
        switch phase {
        case .readingHead(let deadline, _), .finishingRequest(let deadline), .idle(let deadline): deadline
        case .busy, .upgraded, .refusing, .closing: nil
        }
    }

    /// Whether the connection is being closed: nothing more may be written to it.
    var isClosing: Bool { phase == .closing }

    /// Whether the client's bytes are dropped (the decoder has failed, or the connection is closing).
    var dropsInput: Bool { phase == .closing || phase == .refusing }

    /// Whether the refused request may be answered now: no answer is under way, and it is the only
    /// request not yet answered.
    private var mayAnswerRefusal: Bool {
        !responseOpen && (responsesPending == 0 || (responsesPending == 1 && requestOpen))
    }

    /// Whether the connection now speaks another protocol.
    var isUpgraded: Bool { phase == .upgraded }

    /// Whether an interim `100 Continue` may be written now, for the request whose head just arrived: it is the
    /// only one in flight and nothing is being answered (an interim answer written in the middle of an earlier
    /// request's answer would break its framing).
    var mayContinue: Bool { phase == .busy && requestOpen && responsesPending == 1 && !responseOpen }

    /// The connection became active: the first head is due within the head bound.
    mutating func connected(now: NIODeadline) -> Action {
        guard case .readingHead(_, false) = phase else { return .none }
        phase = .readingHead(deadline: now + headTimeout, started: false)
        return .wake(at: now + headTimeout)
    }

    /// `count` bytes arrived from the client. From idle, they begin a head, due within the head bound; a head
    /// already under way keeps its deadline, however slowly its bytes come. A body being read moves its
    /// deadline on by the time `count` bytes take at the minimum rate (the timer, set for the old deadline,
    /// then wakes again for the new one).
    mutating func bytesArrived(now: NIODeadline, count: Int = 1) -> Action {
        if requestOpen, let deadline = bodyDeadline {
            bodyDeadline = deadline + .nanoseconds(Int64(min(count, 1 << 30)) * nanosecondsPerBodyByte)
        }
        switch phase {
        case .idle:
            phase = .readingHead(deadline: now + headTimeout, started: true)
            return .wake(at: now + headTimeout)
        case .readingHead(let deadline, false):
            phase = .readingHead(deadline: deadline, started: true)
            return .none
        case .readingHead, .busy, .finishingRequest, .upgraded, .refusing, .closing:
            return .none
        }
    }

    /// The decoder read a whole request head: its body is due within the body bound.
    mutating func headArrived(now: NIODeadline) -> Action {
        guard phase != .closing, phase != .upgraded, phase != .refusing else { return .none }
        responsesPending += 1
        requestOpen = true
        phase = .busy
        bodyDeadline = now + bodyTimeout
        return .wake(at: now + bodyTimeout)
    }

    /// The decoder read a request's end.
    mutating func requestEnded(now: NIODeadline) -> Action {
        requestOpen = false
        bodyDeadline = nil
        switch phase {
        case .finishingRequest:
            phase = .idle(deadline: now + idleTimeout)
            return .wake(at: now + idleTimeout)
        case .readingHead, .busy, .idle, .upgraded, .refusing, .closing:
            return .none
        }
    }

    /// A response head was written (not an informational one).
    mutating func responseStarted() {
        responseOpen = true
    }

    /// A response's end was written. With nothing left in flight the connection goes idle; if the request
    /// is still arriving, its rest is due within the head bound.
    mutating func responseEnded(now: NIODeadline) -> Action {
        responseOpen = false
        responsesPending = max(0, responsesPending - 1)
        if phase == .refusing, mayAnswerRefusal {
            phase = .closing
            return .answerRefusal
        }
        guard phase == .busy, responsesPending == 0 else { return .none }
        if requestOpen {
            phase = .finishingRequest(deadline: now + headTimeout)
            return .wake(at: now + headTimeout)
        }
        phase = .idle(deadline: now + idleTimeout)
        return .wake(at: now + idleTimeout)
    }

    /// The connection was upgraded (a `101 Switching Protocols` was written).
    mutating func upgraded() {
        guard phase != .closing, phase != .refusing else { return }
        phase = .upgraded
    }

    /// The decoder refused the request: nothing more is read, and the connection closes once the
    /// refusal is answered (or at once, when it cannot be).
    mutating func refused() -> Refusal {
        switch phase {
        case .closing, .upgraded, .refusing:
            phase = .closing
            return .close
        case .readingHead, .busy, .finishingRequest, .idle:
            break
        }
        if mayAnswerRefusal {
            phase = .closing
            return .answer
        }
        if requestOpen, responsesPending == 1 {
            // Its own answer is under way: a second one cannot follow.
            phase = .closing
            return .close
        }
        phase = .refusing
        return .wait
    }

    /// The connection is being closed for any other reason.
    mutating func close() {
        phase = .closing
    }

    /// A timer fired: the deadline passed (close, as the timeout says), or lies later (wake again then).
    mutating func timerFired(now: NIODeadline) -> Action {
        let timeout: Timeout
        switch phase {
        case .readingHead(let deadline, let started):
            guard now >= deadline else { return .wake(at: deadline) }
            timeout = started ? .head : .silent
        case .finishingRequest(let deadline):
            guard now >= deadline else { return .wake(at: deadline) }
            timeout = .requestBody
        case .idle(let deadline):
            guard now >= deadline else { return .wake(at: deadline) }
            timeout = .silent
        case .busy:
            guard requestOpen, let deadline = bodyDeadline else { return .none }
            guard now >= deadline else { return .wake(at: deadline) }
            // Nothing answered yet but this request: it may be answered 408; otherwise an answer is under way
            // or owed to an earlier request, and the connection is closed.
            timeout = mayAnswerRefusal ? .stalledBody : .requestBody
        case .upgraded, .refusing, .closing:
            return .none
        }
        phase = .closing
        return .timeout(timeout)
    }

    /// The server is shutting down gracefully: a connection with no request in flight closes now; one
    /// with requests in flight is left to the framework, which closes it after its response.
    mutating func quiesce() -> Bool {
        switch phase {
        case .readingHead, .idle, .finishingRequest:
            phase = .closing
            return true
        case .busy, .upgraded, .refusing, .closing:
            return false
        }
    }
}

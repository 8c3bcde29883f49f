import Hummingbird
import Prometheus

/// `GET /metrics`: the server's metrics in Prometheus's text format (only with
/// ``ReferenceServerConfiguration/exportsMetrics``).
struct MetricsService: ReferenceService {
    let registry: PrometheusCollectorRegistry

    func register(on router: Router<ReferenceRequestContext>, environment: ReferenceEnvironment) {
        router.get("metrics") { _, _ in
            Response(status: .ok, headers: [.contentType: "text/plain; version=0.0.4; charset=utf-8"],
                     body: ResponseBody(byteBuffer: ByteBuffer(bytes: registry.emitToBuffer())))
        }
    }
}

package io.dpmarl.mechanisms.accounting;

import io.dpmarl.core.privacy.Accountant;
import io.dpmarl.core.privacy.PrivacyEvent;
import io.dpmarl.core.privacy.PrivacyEvent.DeclaredEvent;
import io.dpmarl.core.privacy.PrivacyEvent.GaussianEvent;
import io.dpmarl.core.privacy.PrivacyEvent.LaplaceEvent;
import io.dpmarl.core.privacy.PrivacyEvent.NonPrivateEvent;
import io.dpmarl.core.privacy.PrivacyEvent.PureEvent;
import io.dpmarl.core.privacy.PrivacyEvent.RandomizedResponseEvent;
import io.dpmarl.core.privacy.PrivacyEvent.SubsampledGaussianEvent;
import io.dpmarl.core.privacy.PrivacyEvent.ZcdpEvent;
import io.dpmarl.core.validation.Checks;
import java.util.Map;
import java.util.OptionalDouble;
import java.util.concurrent.ConcurrentHashMap;

/**
 * The Renyi-DP (moments) accountant (Abadi et al. 2016; Mironov 2017): keeps the total RDP
 * {@code epsilon(alpha)} on a grid of orders ({@link RdpOrders#defaults()} unless given), adds the curve
 * of each event times its count (RDP composes additively, Mironov 2017 Prop. 1), and converts to
 * (epsilon, delta) at the best order with the {@link RdpConversion#IMPROVED improved} conversion by
 * default or the {@link RdpConversion#CLASSIC classic} one.
 *
 * <p>Supported events: Gaussian, Poisson-subsampled Gaussian (integer and fractional orders), Laplace,
 * k-ary randomized response, pure epsilon-DP (through the binary randomized response curve), zCDP and
 * the non-private event (which makes epsilon infinite), and {@link DeclaredEvent}s of third-party plugins that
 * declare an RDP curve or a pure epsilon (the curve is evaluated at this accountant's orders; see
 * {@code DeclaredEvents}). Nominal events are never composed here (the ledger records them). Approximate
 * (epsilon, delta) events are not supported: they have no Renyi curve; compose them with {@code basic} or
 * {@code advanced}. Every curve is exact or an upper bound ({@link RdpCurves}), so the reported epsilon is never
 * below the truth at the orders of the grid.
 */
public final class RdpAccountant implements Accountant {
    /** The events this accountant composes, as named in its refusal message. */
    private static final String SUPPORTED = "gaussian, subsampled-gaussian, laplace, randomized-response, pure, zcdp,"
            + " declared events with an RDP curve or a pure epsilon";

    private static final int CACHE_LIMIT = 4096;

    private final double[] orders;
    private final double[] total;
    private final RdpConversion conversion;
    private final Map<PrivacyEvent, double[]> curveCache;
    private boolean nonPrivate;

    /** An accountant on the default order grid with the improved conversion. */
    public RdpAccountant() {
        this(RdpOrders.defaults(), RdpConversion.IMPROVED);
    }

    /** An accountant on the given order grid (each order in (1, inf]) with the given conversion. */
    public RdpAccountant(double[] orders, RdpConversion conversion) {
        this(RdpOrders.of(orders), conversion, new ConcurrentHashMap<>());
    }

    private RdpAccountant(double[] orders, RdpConversion conversion, Map<PrivacyEvent, double[]> cache) {
        if (conversion == null) {
            throw new IllegalArgumentException("conversion must be one of classic, improved, got null");
        }
        this.orders = orders;
        this.total = new double[orders.length];
        this.conversion = conversion;
        this.curveCache = cache;
    }

    @Override
    public String name() {
        return "rdp";
    }

    /** The conversion used by {@link #epsilon} and {@link #delta}. */
    public RdpConversion conversion() {
        return conversion;
    }

    /** A copy of the order grid. */
    public double[] orders() {
        return orders.clone();
    }

    /** A copy of the total RDP at each order of {@link #orders()}. */
    public double[] rdp() {
        return total.clone();
    }

    @Override
    public boolean supports(PrivacyEvent event) {
        return event instanceof GaussianEvent || event instanceof SubsampledGaussianEvent
                || event instanceof LaplaceEvent || event instanceof RandomizedResponseEvent
                || event instanceof PureEvent || event instanceof ZcdpEvent || event instanceof NonPrivateEvent
                || (event instanceof DeclaredEvent declared && DeclaredEvents.hasRdp(declared));
    }

    @Override
    public void compose(PrivacyEvent event, long count) {
        if (!CompositionGuard.admit(this, event, count, SUPPORTED)) {
            return;
        }
        if (event instanceof NonPrivateEvent) {
            nonPrivate = true;
            return;
        }
        double[] curve = curve(event);
        for (int i = 0; i < orders.length; i++) {
            total[i] = SafeRounding.addUp(total[i], SafeRounding.multiplyUp(count, curve[i]));
        }
    }

    /** The RDP curve of one event on this accountant's grid (cached, since events are value records). */
    private double[] curve(PrivacyEvent event) {
        double[] cached = curveCache.get(event);
        if (cached != null && cached.length == orders.length) {
            return cached;
        }
        double[] curve;
        if (event instanceof SubsampledGaussianEvent subsampled) {
            curve = RdpCurves.subsampledGaussianCurve(subsampled.sigma(), subsampled.samplingRate(), orders);
        } else {
            curve = new double[orders.length];
            for (int i = 0; i < orders.length; i++) {
                curve[i] = rdpOf(event, orders[i]);
            }
        }
        if (curveCache.size() >= CACHE_LIMIT) {
            curveCache.clear();
        }
        curveCache.put(event, curve);
        return curve;
    }

    /** The RDP of one release of a supported event at one order. */
    public static double rdpOf(PrivacyEvent event, double alpha) {
        if (event instanceof GaussianEvent gaussian) {
            return RdpCurves.gaussian(gaussian.sigma(), gaussian.sensitivity(), alpha);
        }
        if (event instanceof SubsampledGaussianEvent subsampled) {
            return RdpCurves.subsampledGaussian(subsampled.sigma(), subsampled.samplingRate(), alpha);
        }
        if (event instanceof LaplaceEvent laplace) {
            return RdpCurves.laplace(laplace.scale(), laplace.sensitivity(), alpha);
        }
        if (event instanceof RandomizedResponseEvent response) {
            return RdpCurves.randomizedResponse(response.epsilon(), response.categories(), alpha);
        }
        if (event instanceof PureEvent pure) {
            return RdpCurves.pure(pure.epsilon(), alpha);
        }
        if (event instanceof ZcdpEvent zcdp) {
            return RdpCurves.zcdp(zcdp.rho(), alpha);
        }
        if (event instanceof DeclaredEvent declared && DeclaredEvents.hasRdp(declared)) {
            return DeclaredEvents.rdp(declared, alpha);
        }
        throw new IllegalArgumentException("accountant 'rdp' does not support event " + event.describe());
    }

    @Override
    public double epsilon(double delta) {
        Checks.delta("delta", delta);
        return best(delta).epsilon();
    }

    @Override
    public OptionalDouble optimalOrder(double delta) {
        Checks.delta("delta", delta);
        Conversion best = best(delta);
        return Double.isNaN(best.order()) ? OptionalDouble.empty() : OptionalDouble.of(best.order());
    }

    /**
     * The best (epsilon, order) of an RDP curve given on a grid: the minimum over orders of the
     * conversion's epsilon at {@code delta}; order NaN when no order certifies a finite epsilon.
     */
    public record Conversion(double epsilon, double order) {
    }

    /** Converts an RDP curve on a grid of orders to the best epsilon at {@code delta}. */
    public static Conversion convert(double[] orders, double[] rdp, double delta, RdpConversion conversion) {
        if (orders.length != rdp.length) {
            throw new IllegalArgumentException("orders and rdp must have the same length, got " + orders.length
                    + " and " + rdp.length);
        }
        Checks.delta("delta", delta);
        double bestEpsilon = Double.POSITIVE_INFINITY;
        double bestOrder = Double.NaN;
        for (int i = 0; i < orders.length; i++) {
            if (!(rdp[i] >= 0)) {
                throw new IllegalArgumentException("rdp must be in [0, inf], got " + rdp[i] + " at order " + orders[i]);
            }
            double epsilon = conversion.epsilon(orders[i], rdp[i], delta);
            if (epsilon < bestEpsilon) {
                bestEpsilon = epsilon;
                bestOrder = orders[i];
            }
        }
        return new Conversion(bestEpsilon, bestOrder);
    }

    /** Converts an RDP curve on a grid of orders to the best delta at {@code epsilon} (at most 1). */
    public static double convertDelta(double[] orders, double[] rdp, double epsilon, RdpConversion conversion) {
        Checks.nonNegativeFinite("epsilon", epsilon);
        double bestLogDelta = 0.0;
        for (int i = 0; i < orders.length; i++) {
            bestLogDelta = Math.min(bestLogDelta, conversion.logDelta(orders[i], rdp[i], epsilon));
        }
        // exp moved up one ulp (Math.exp is within one), so that delta is never below the conversion's bound
        return Math.min(1.0, LogMath.expUp(bestLogDelta));
    }

    private Conversion best(double delta) {
        if (nonPrivate) {
            return new Conversion(Double.POSITIVE_INFINITY, Double.NaN);
        }
        return convert(orders, total, delta, conversion);
    }

    @Override
    public double delta(double epsilon) {
        Checks.nonNegativeFinite("epsilon", epsilon);
        if (nonPrivate) {
            return 1.0;
        }
        return convertDelta(orders, total, epsilon, conversion);
    }

    @Override
    public Accountant copy() {
        RdpAccountant copy = new RdpAccountant(orders, conversion, curveCache);
        System.arraycopy(total, 0, copy.total, 0, total.length);
        copy.nonPrivate = nonPrivate;
        return copy;
    }
}

"""Which public names a reader of one page wants to see next (See Also).

Each tuple is a family: every member's page gets a See Also entry for each
other member, with the target's one-line summary, unless its docstring
already names it.  Paths are the pages' paths (the API reference's
autosummary entries); the build warns about a path without a page.
"""

RELATED: tuple[tuple[str, ...], ...] = (
    # the four questions, and how they are answered
    ("tiling.count", "tiling.find", "tiling.max_cover", "tiling.sample"),
    ("tiling.methods", "tiling.registry.get_method", "tiling.registry.choose"),
    ("tiling.methods", "tiling.registry.Method"),
    ("tiling.find", "tiling.prove_impossible", "tiling.NoTilingError"),
    ("tiling.max_cover", "tiling.cover_bound", "tiling.matching.hopcroft_karp"),
    ("tiling.prove_impossible", "tiling.cover_bound", "tiling.Certificate"),
    ("tiling.Certificate", "tiling.plot.draw_certificate", "tiling.proofs.no_tiling_error"),
    ("tiling.Region", "tiling.Tiling"),
    ("tiling.model.examples.chessboard", "tiling.model.examples.mutilated_chessboard"),
    ("tiling.model.examples.brick_tiling", "tiling.model.examples.block_tiling"),
    ("tiling.TilingError", "tiling.ParseError", "tiling.TooLargeError", "tiling.NoTilingError"),
    ("tiling.decimal", "tiling.summarize", "tiling.LeadingDigits"),
    # counting
    (
        "tiling.count",
        "tiling.counting.transfer.count_tilings",
        "tiling.counting.kasteleyn.count_tilings",
        "tiling.counting.brute.count_tilings",
    ),
    ("tiling.counting.transfer.count_tilings", "tiling.counting.transfer.estimated_seconds"),
    ("tiling.counting.kasteleyn.count_tilings", "tiling.counting.kasteleyn.estimated_seconds"),
    ("tiling.counting.kasteleyn.count_tilings", "tiling.counting.kasteleyn_matrix"),
    ("tiling.counting.kasteleyn.count_tilings", "tiling.counting.kasteleyn.distinct_pieces"),
    ("tiling.counting.kasteleyn_matrix", "tiling.counting.kasteleyn.tiling_pairing"),
    ("tiling.counting.kasteleyn_matrix", "tiling.linalg.det"),
    ("tiling.counting.transfer.count_tilings", "tiling.counting.transfer.max_cover"),
    ("tiling.counting.dimer_polynomial", "tiling.counting.transfer.count_tilings"),
    (
        "tiling.counting.rectangle_count",
        "tiling.counting.aztec_count",
        "tiling.counting.closed_forms.closed_form",
    ),
    ("tiling.counting.rectangle_count", "tiling.counting.closed_forms.rectangle_log10"),
    ("tiling.counting.rectangle_count", "tiling.counting.closed_forms.rectangle_seconds"),
    (
        "tiling.counting.closed_forms.closed_form",
        "tiling.counting.closed_forms.closed_form_seconds",
    ),
    (
        "tiling.counting.closed_forms.closed_shape_count",
        "tiling.counting.closed_forms.closed_shape_seconds",
    ),
    ("tiling.enumerate_tilings", "tiling.counting.brute.count_tilings"),
    ("tiling.counting.count_by_flux", "tiling.heights.flux", "tiling.heights.flux_crossings"),
    # random tilings
    ("tiling.sample", "tiling.sample_aztec", "tiling.random.sample_cftp"),
    ("tiling.sample_aztec", "tiling.random.shuffle_steps", "tiling.arctic_curve"),
    ("tiling.random.shuffle_steps", "tiling.plot.animate_shuffling"),
    ("tiling.arctic_curve", "tiling.plot.draw_arctic_curve"),
    (
        "tiling.random.sample_cftp",
        "tiling.random.cftp.sample_prepared",
        "tiling.random.cftp.Extremes",
    ),
    (
        "tiling.random.cftp.estimated_sweeps",
        "tiling.random.cftp.estimated_seconds",
        "tiling.random.cftp.estimated_bytes",
    ),
    ("tiling.random.sample_cftp", "tiling.random.cftp.estimated_seconds"),
    ("tiling.random.sample_cftp", "tiling.heights.hole_rings"),
    # heights and flips
    ("tiling.heights.height", "tiling.heights.flux", "tiling.plot.draw_heights"),
    ("tiling.heights.flux", "tiling.heights.flux_crossings"),
    ("tiling.heights.is_tileable", "tiling.heights.min_tiling", "tiling.heights.max_tiling"),
    ("tiling.heights.min_tiling", "tiling.heights.max_tiling", "tiling.random.sample_cftp"),
    (
        "tiling.heights.flips",
        "tiling.heights.flip",
        "tiling.heights.flip_distance",
        "tiling.heights.flip_path",
    ),
    ("tiling.heights.flip_path", "tiling.heights.replay_flips", "tiling.plot.animate_tilings"),
    ("tiling.heights.hole_rings", "tiling.heights.flux"),
    ("tiling.heights.glauber", "tiling.heights.glauber_steps", "tiling.random.sample_cftp"),
    ("tiling.heights.glauber_steps", "tiling.plot.animate_tilings"),
    # matching
    ("tiling.matching.kuhn", "tiling.matching.kuhn_steps", "tiling.matching.hopcroft_karp"),
    ("tiling.matching.kuhn_steps", "tiling.plot.animate_matching"),
    # graphs
    (
        "tiling.spanning_trees",
        "tiling.graphs.grid_spanning_trees",
        "tiling.graphs.laplacian",
        "tiling.graphs.effective_resistance",
    ),
    ("tiling.spanning_trees", "tiling.graphs.temperley.region"),
    ("tiling.spanning_trees", "tiling.graphs.kirchhoff.estimated_seconds"),
    (
        "tiling.graphs.temperley.region",
        "tiling.graphs.temperley.tree_to_tiling",
        "tiling.graphs.temperley.tiling_to_tree",
        "tiling.graphs.temperley.default_root",
    ),
    ("tiling.graphs.temperley.tree_to_tiling", "tiling.plot.draw_temperley"),
    # colouring
    ("tiling.color", "tiling.color_steps", "tiling.coloring.contact_matrix"),
    ("tiling.color_steps", "tiling.plot.animate_coloring"),
    # pictures
    (
        "tiling.plot.draw_region",
        "tiling.plot.draw_tiling",
        "tiling.plot.draw_certificate",
        "tiling.plot.save",
    ),
    ("tiling.plot.save", "tiling.plot.to_tikz", "tiling.plot.raster_image"),
    (
        "tiling.plot.animate_matching",
        "tiling.plot.animate_coloring",
        "tiling.plot.animate_shuffling",
        "tiling.plot.animate_tilings",
    ),
    ("tiling.plot.draw_tiling", "tiling.plot.draw_arctic_curve"),
    # exact linear algebra
    (
        "tiling.linalg.det",
        "tiling.linalg.primes_below",
        "tiling.linalg.crt",
        "tiling.linalg.hadamard_bound_bits",
        "tiling.linalg.sweep_order",
    ),
    ("tiling.linalg.crt", "tiling.linalg.balanced_product", "tiling.linalg.primes.product"),
    ("tiling.linalg.hadamard_bound_bits", "tiling.linalg.hadamard.hadamard_square"),
    (
        "tiling.linalg.sweep_order",
        "tiling.linalg.ordering.order_candidates",
        "tiling.linalg.ordering.row_sweep_order",
    ),
    ("tiling.linalg.LinalgError", "tiling.linalg.MatrixTooLargeError"),
    # the command line and the explorer
    ("tiling.cli.main", "tiling.cli.build_parser"),
    ("tiling.serve.serve", "tiling.serve.create_app", "tiling.serve.Settings"),
    ("tiling.serve.create_app", "tiling.serve.WorkerPool", "tiling.serve.QUESTIONS"),
    ("tiling.serve.QUESTIONS", "tiling.serve.PRESETS"),
)


def related_to(name: str) -> list[str]:
    """The members of every family of ``name``, in order, without ``name`` and repeats."""
    out: list[str] = []
    for family in RELATED:
        if name in family:
            out.extend(other for other in family if other != name and other not in out)
    return out


def all_targets() -> set[str]:
    return {name for family in RELATED for name in family}

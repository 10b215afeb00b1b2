from fractions import Fraction

import networkx as nx
import numpy as np
import pytest
import sympy
from hypothesis import given, settings
from hypothesis import strategies as st

from tiling import Region, TilingError, spanning_trees
from tiling.graphs.kirchhoff import effective_resistance, grid_spanning_trees, laplacian

from .strategies import regions

GRID_COUNTS = [1, 4, 192, 100352, 557568000, 32565539635200, 19872369301840986112]


# ---------------------------------------------------------------------- independent references
def sympy_laplacian(nodes, edges):
    """Dense exact Laplacian from (u, v, weight) triples, self-loops skipped."""
    index = {node: i for i, node in enumerate(nodes)}
    lap = sympy.zeros(len(nodes), len(nodes))
    for u, v, w in edges:
        if u == v:
            continue
        i, j = index[u], index[v]
        lap[i, j] -= w
        lap[j, i] -= w
        lap[i, i] += w
        lap[j, j] += w
    return lap


def sympy_tree_count(graph, weight=None):
    nodes = list(graph.nodes)
    if weight is None:
        edges = [(u, v, 1) for u, v in graph.edges()]
    else:
        edges = list(graph.edges(data=weight, default=1))
    lap = sympy_laplacian(nodes, edges)
    return int(lap[1:, 1:].det(method="bareiss")) if len(nodes) > 1 else 1


def sympy_resistance(graph, u, v, weight=None):
    """Ground u, inject a unit current at v, read the potential of v (exact rationals)."""
    nodes = list(graph.nodes)
    if weight is None:
        edges = [(a, b, 1) for a, b in graph.edges()]
    else:
        edges = [(a, b, sympy.Rational(w)) for a, b, w in graph.edges(data=weight, default=1)]
    lap = sympy_laplacian(nodes, edges)
    keep = [i for i, node in enumerate(nodes) if node != u]
    reduced = lap.extract(keep, keep)
    rhs = sympy.zeros(len(keep), 1)
    rhs[keep.index(nodes.index(v)), 0] = 1
    potential = reduced.LUsolve(rhs)
    value = sympy.Rational(potential[keep.index(nodes.index(v)), 0])
    return Fraction(int(value.p), int(value.q))


# ---------------------------------------------------------------------- spanning trees
def test_square_grids_match_the_known_counts():
    assert [spanning_trees(Region.rectangle(n, n)) for n in range(1, 8)] == GRID_COUNTS
    assert [spanning_trees(nx.grid_2d_graph(n, n)) for n in range(1, 8)] == GRID_COUNTS


def test_complete_graphs_have_n_to_the_n_minus_2_trees():
    assert spanning_trees(nx.complete_graph(1)) == 1
    for n in range(2, 10):
        assert spanning_trees(nx.complete_graph(n)) == n ** (n - 2)


def test_trees_have_one_spanning_tree_whichever_vertex_is_removed():
    # removing the centre of a star leaves a minor with no off-diagonal entries
    assert spanning_trees(nx.star_graph(6)) == 1
    assert spanning_trees(nx.random_labeled_tree(40, seed=1)) == 1
    assert effective_resistance(nx.star_graph(6), 1, 2) == 2


def test_cycles_have_n_trees():
    for n in range(3, 15):
        assert spanning_trees(nx.cycle_graph(n)) == n


def test_complete_bipartite_graphs_match_the_closed_form():
    for a in range(1, 5):
        for b in range(1, 5):
            assert spanning_trees(nx.complete_bipartite_graph(a, b)) == a ** (b - 1) * b ** (a - 1)


@settings(max_examples=40)
@given(st.integers(2, 11), st.floats(0.2, 0.9), st.integers(0, 2**32 - 1))
def test_random_graphs_match_sympy_exact_determinant(n, p, seed):
    graph = nx.gnp_random_graph(n, p, seed=seed)
    assert spanning_trees(graph) == sympy_tree_count(graph)


@settings(max_examples=30)
@given(st.integers(2, 8), st.integers(0, 2**32 - 1))
def test_random_weighted_multigraphs_match_sympy(n, seed):
    rng = np.random.default_rng(seed)
    graph = nx.MultiGraph()
    graph.add_nodes_from(range(n))
    for _ in range(int(rng.integers(n - 1, 3 * n))):
        u, v = (int(x) for x in rng.integers(0, n, size=2))
        graph.add_edge(u, v, w=int(rng.integers(-3, 6)))
    assert spanning_trees(graph, weight="w") == sympy_tree_count(graph, weight="w")


@settings(max_examples=40)
@given(regions(max_height=5, max_width=6))
def test_region_counts_equal_counts_of_its_networkx_cell_graph(region):
    graph = region.to_networkx()
    expected = spanning_trees(graph) if nx.is_connected(graph) else 0
    assert spanning_trees(region) == expected
    assert expected == (sympy_tree_count(graph) if nx.is_connected(graph) else 0)


def flint_tree_count(graph, weight=None):
    """Dense exact determinant of the reduced Laplacian by python-flint (fraction-free)."""
    import flint

    nodes = list(graph.nodes)
    index = {node: i for i, node in enumerate(nodes)}
    lap = [[0] * len(nodes) for _ in nodes]
    for u, v, w in graph.edges(data=weight or "unused", default=1):
        if u != v:
            i, j = index[u], index[v]
            lap[i][j] -= w
            lap[j][i] -= w
            lap[i][i] += w
            lap[j][j] += w
    return int(flint.fmpz_mat([row[1:] for row in lap[1:]]).det())


def delaunay_graph(n_points, seed):
    from scipy.spatial import Delaunay

    points = np.random.default_rng(seed).random((n_points, 2))
    graph = nx.Graph()
    for a, b, c in Delaunay(points).simplices.tolist():
        graph.add_edges_from([(a, b), (b, c), (a, c)])
    return graph


@pytest.mark.parametrize("seed", [0, 1])
def test_medium_planar_graphs_match_a_dense_exact_determinant(seed):
    graph = delaunay_graph(150, seed)
    assert spanning_trees(graph) == flint_tree_count(graph)
    mask = np.random.default_rng(seed).random((16, 18)) < 0.85
    region = max(Region(mask).components(), key=lambda part: part.n_cells)
    assert spanning_trees(region) == flint_tree_count(region.to_networkx())


def test_weighted_planar_graph_matches_a_dense_exact_determinant():
    graph = delaunay_graph(60, 7)
    rng = np.random.default_rng(7)
    for u, v in graph.edges:
        graph[u][v]["w"] = int(rng.integers(1, 10**6))
    assert spanning_trees(graph, weight="w") == flint_tree_count(graph, weight="w")


def test_node_order_labels_and_executor_do_not_change_the_count():
    from concurrent.futures import ThreadPoolExecutor

    graph = nx.grid_2d_graph(12, 9)
    shuffled = nx.relabel_nodes(graph, {node: str(node) for node in graph})
    order = list(shuffled.nodes)
    np.random.default_rng(0).shuffle(order)
    relabelled = nx.Graph()
    relabelled.add_nodes_from(order)
    relabelled.add_edges_from(shuffled.edges)
    expected = grid_spanning_trees(12, 9)
    assert spanning_trees(relabelled) == expected
    with ThreadPoolExecutor(2) as pool:
        assert spanning_trees(Region.rectangle(12, 9), executor=pool) == expected


def test_parallel_edges_each_count_and_self_loops_are_ignored():
    # triangle a-b-c with a-b doubled: trees {ab, bc} x2, {ab, ac} x2, {bc, ac} -> 5
    graph = nx.MultiGraph([("a", "b"), ("a", "b"), ("b", "c"), ("a", "c"), ("c", "c")])
    assert spanning_trees(graph) == 5
    # a doubled edge between two vertices: two trees
    assert spanning_trees(nx.MultiGraph([(0, 1), (0, 1)])) == 2
    # a plain Graph with a self-loop
    assert spanning_trees(nx.Graph([(0, 1), (1, 1), (1, 2), (0, 2)])) == 3


def test_weights_give_the_sum_over_trees_of_weight_products():
    triangle = nx.Graph()
    triangle.add_edge(0, 1, w=2)
    triangle.add_edge(1, 2, w=3)
    triangle.add_edge(0, 2, w=5)
    assert spanning_trees(triangle, weight="w") == 2 * 3 + 3 * 5 + 2 * 5
    # edges without the attribute weigh 1, integral floats are read as ints
    triangle.add_edge(2, 3)
    triangle[0][1]["w"] = 2.0
    assert spanning_trees(triangle, weight="w") == 31
    # a negative weight is allowed: the sum is a polynomial identity
    path = nx.Graph()
    path.add_edge(0, 1, w=-4)
    path.add_edge(1, 2, w=7)
    assert spanning_trees(path, weight="w") == -28
    # parallel weighted edges add: (2 + 3) on one side, 4 on the other
    multi = nx.MultiGraph()
    multi.add_edge(0, 1, w=2)
    multi.add_edge(0, 1, w=3)
    multi.add_edge(1, 2, w=4)
    assert spanning_trees(multi, weight="w") == 20


def test_trivial_graphs():
    single = nx.Graph()
    single.add_node("x")
    assert spanning_trees(single) == 1
    assert spanning_trees(Region.rectangle(1, 1)) == 1
    two = nx.Graph()
    two.add_nodes_from([0, 1])
    assert spanning_trees(two) == 0
    assert spanning_trees(nx.disjoint_union(nx.cycle_graph(4), nx.cycle_graph(3))) == 0
    assert spanning_trees(Region.from_ascii(".#.")) == 0
    # weights that cancel disconnect the graph
    cancel = nx.MultiGraph()
    cancel.add_edge(0, 1, w=1)
    cancel.add_edge(0, 1, w=-1)
    assert spanning_trees(cancel, weight="w") == 0
    with pytest.raises(TilingError, match="no vertices"):
        spanning_trees(nx.Graph())


def test_bad_input_gets_one_line_errors():
    with pytest.raises(TilingError, match="directed graphs are not supported"):
        spanning_trees(nx.DiGraph([(0, 1)]))
    with pytest.raises(TypeError, match="networkx graph or a tiling.Region, got list"):
        spanning_trees([(0, 1)])
    with pytest.raises(TilingError, match="no edge weights"):
        spanning_trees(Region.rectangle(2, 2), weight="w")
    graph = nx.Graph()
    graph.add_edge(0, 1, w=0.5)
    with pytest.raises(TilingError, match=r"edge \(0, 1\): weight 'w' is 0.5; .*integer weights"):
        spanning_trees(graph, weight="w")
    graph[0][1]["w"] = True
    with pytest.raises(TilingError, match="bool"):
        spanning_trees(graph, weight="w")
    graph[0][1]["w"] = 10**30
    with pytest.raises(TilingError, match="too large"):
        spanning_trees(graph, weight="w")


def test_laplacian_rows_sum_to_zero_and_match_networkx():
    graph = nx.MultiGraph([(0, 1), (0, 1), (1, 2), (2, 2), (2, 3), (3, 0)])
    matrix, nodes = laplacian(graph)
    assert nodes == [0, 1, 2, 3]
    assert matrix.dtype == np.int64
    assert not matrix.sum(axis=1).any()
    simple = nx.Graph(graph)
    simple.remove_edges_from(nx.selfloop_edges(simple))
    for u, v in simple.edges:
        simple[u][v]["weight"] = graph.number_of_edges(u, v)
    expected = nx.laplacian_matrix(simple, nodelist=nodes).toarray()
    assert np.array_equal(matrix.toarray(), expected)
    region_matrix, cells = laplacian(Region.rectangle(2, 3))
    assert cells[:3] == [(0, 0), (0, 1), (0, 2)]
    assert region_matrix.diagonal().tolist() == [2, 3, 2, 2, 3, 2]


def test_exact_where_networkx_float_determinant_is_wrong():
    exact = spanning_trees(Region.rectangle(8, 8))
    assert exact == 126231322912498539682594816
    assert nx.number_of_spanning_trees(nx.grid_2d_graph(8, 8)) != exact


# ---------------------------------------------------------------------- closed form for grids
def test_grid_closed_form_matches_the_determinant():
    for m in range(1, 9):
        for n in range(1, 9):
            assert grid_spanning_trees(m, n) == spanning_trees(Region.rectangle(m, n))
    assert grid_spanning_trees(17, 23) == spanning_trees(Region.rectangle(17, 23))
    assert grid_spanning_trees(40, 40) == grid_spanning_trees(40, 40)
    assert grid_spanning_trees(31, 45) == grid_spanning_trees(45, 31)


def test_grid_closed_form_rejects_bad_sizes():
    with pytest.raises(TilingError, match="positive integer"):
        grid_spanning_trees(0, 3)


# ---------------------------------------------------------------------- effective resistance
def test_resistance_along_a_tree_is_the_path_length():
    tree = nx.random_labeled_tree(12, seed=3)
    for u, v in tree.edges:
        assert effective_resistance(tree, u, v) == 1
    lengths = dict(nx.all_pairs_shortest_path_length(tree))
    for u in range(0, 12, 3):
        for v in range(12):
            assert effective_resistance(tree, u, v) == lengths[u][v]


def test_four_cycle_and_complete_graph():
    square = nx.cycle_graph(4)
    assert effective_resistance(square, 0, 2) == 1
    assert effective_resistance(square, 0, 1) == Fraction(3, 4)
    assert effective_resistance(Region.rectangle(2, 2), (0, 0), (1, 1)) == 1
    for n in range(2, 8):
        assert effective_resistance(nx.complete_graph(n), 0, n - 1) == Fraction(2, n)


def test_grid_resistances_match_a_dense_rational_solve():
    graph = nx.grid_2d_graph(4, 5)
    region = Region.rectangle(4, 5)
    for u, v in [((0, 0), (3, 4)), ((0, 0), (0, 1)), ((1, 2), (2, 2)), ((0, 4), (2, 1))]:
        expected = sympy_resistance(graph, u, v)
        assert effective_resistance(region, u, v) == expected
        assert effective_resistance(graph, v, u) == expected


def test_fosters_theorem_sum_over_edges_is_n_minus_one():
    graph = nx.gnp_random_graph(9, 0.5, seed=11)
    graph = graph.subgraph(max(nx.connected_components(graph), key=len)).copy()
    total = sum(effective_resistance(graph, u, v) for u, v in graph.edges)
    assert total == graph.number_of_nodes() - 1


def test_conductances_in_series_and_parallel():
    parallel = nx.MultiGraph()
    parallel.add_edge("a", "b", c=2)
    parallel.add_edge("a", "b", c=3)
    assert effective_resistance(parallel, "a", "b", weight="c") == Fraction(1, 5)
    series = nx.Graph()
    series.add_edge(0, 1, c=Fraction(1, 2))
    series.add_edge(1, 2, c=Fraction(1, 3))
    assert effective_resistance(series, 0, 2, weight="c") == 5
    rng = np.random.default_rng(5)
    graph = nx.gnp_random_graph(7, 0.6, seed=2)
    for u, v in graph.edges:
        graph[u][v]["c"] = Fraction(int(rng.integers(1, 9)), int(rng.integers(1, 9)))
    component = max(nx.connected_components(graph), key=len)
    u, v = sorted(component)[0], sorted(component)[-1]
    assert effective_resistance(graph, u, v, weight="c") == sympy_resistance(graph, u, v, "c")


def test_resistance_special_cases_and_errors():
    graph = nx.path_graph(3)
    graph.add_node(9)
    assert effective_resistance(graph, 1, 1) == 0
    assert isinstance(effective_resistance(graph, 0, 2), Fraction)
    # other components do not matter
    assert effective_resistance(graph, 0, 2) == 2
    with pytest.raises(TilingError, match="different components.*infinite"):
        effective_resistance(graph, 0, 9)
    with pytest.raises(TilingError, match="not a vertex"):
        effective_resistance(graph, 0, 5)
    assert effective_resistance(Region.rectangle(1, 3), [0, 0], np.array([0, 2])) == 2
    graph.add_edge(0, 1, c=0)
    with pytest.raises(TilingError, match="not positive"):
        effective_resistance(graph, 0, 2, weight="c")
    graph[0][1]["c"] = 0.25
    with pytest.raises(TilingError, match="fractions.Fraction"):
        effective_resistance(graph, 0, 2, weight="c")

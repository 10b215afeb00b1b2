"""Height functions, flips, Thurston's algorithm and Glauber dynamics.

Thurston (1990) turned a domino tiling into an integer function on the
corners of the cells, its *height function* (:func:`height`): walking along a
cell side the height rises by 1 when the cell on the left has colour 0 and
falls by 1 when it has colour 1, except across the middle of a domino, where
it changes by 3 the other way.  The border's heights are the same for every
tiling, and the tilings of a simply connected region are exactly the
functions with those border values that obey the step rule.  Hence:

* :func:`is_tileable`: Thurston's test, linear in the area, no matching;
* :func:`min_tiling`, :func:`max_tiling`: the tilings with the pointwise
  least and greatest heights, by shortest paths from the border;
* :func:`flips`, :func:`flip`: a *flip* turns two parallel dominoes filling
  a 2 x 2 block by a quarter turn and moves the height at the block's centre
  by 4, nowhere else; :func:`flip_distance` is a quarter of the L1 distance of
  two height functions, :func:`flip_path` a shortest sequence of flips and
  :func:`replay_flips` the tilings along it;
* :func:`glauber`, :func:`glauber_steps`: random flips, vectorised over
  independent blocks (not an exact sampler: see :func:`tiling.sample`);
* :func:`flux`: on a region with holes, the height of each hole's border
  above the outer border, which flips never change and which tells the flip
  classes apart; :func:`hole_rings` gives the moves that turn a ring of
  dominoes around a hole and change its flux by 4.

Pictures: :func:`tiling.plot.draw_heights` (a map with contours, or a 3-d
surface) and :func:`tiling.plot.animate_tilings`.  The breadth-first search
and the shortest paths are compiled with numba (:mod:`._kernels`); the first
call in a process loads them (under a second, once compiled on the machine).

References
----------
W. P. Thurston, "Conway's tiling groups", Amer. Math. Monthly 97 (1990).
N. C. Saldanha, C. Tomei, M. A. Casarin Jr. and D. Romualdo, "Spaces of domino
tilings", Discrete Comput. Geom. 14 (1995).  E. Rémila, "The lattice structure
of the set of domino tilings of a polygon", Theoret. Comput. Sci. 322 (2004).

Examples
--------
>>> from tiling import Region
>>> from tiling.heights import min_tiling, max_tiling, flip_distance
>>> board = Region.rectangle(4, 4)
>>> flip_distance(min_tiling(board), max_tiling(board))
10
"""

from .._lazy import attach

__getattr__, __dir__, __all__ = attach(
    __name__,
    {
        "height": "._height:height",
        "flux": "._height:flux",
        "flux_crossings": "._height:flux_crossings",
        "is_tileable": "._thurston:is_tileable",
        "min_tiling": "._thurston:min_tiling",
        "max_tiling": "._thurston:max_tiling",
        "flips": "._flips:flips",
        "flip": "._flips:flip",
        "replay_flips": "._flips:replay_flips",
        "flip_distance": "._flips:flip_distance",
        "flip_path": "._flips:flip_path",
        "hole_rings": "._flips:hole_rings",
        "glauber": "._glauber:glauber",
        "glauber_steps": "._glauber:glauber_steps",
    },
)

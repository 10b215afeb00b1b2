"""The explorer page: draw a region on squared paper and ask it everything.

``tiling serve`` (or :func:`serve`) starts a local web server with one page:
a grid editor, the live count and colour balance, buttons for a tiling, the
proof of impossibility, a maximum cover, a random tiling of any region, the
height function (with the flips to the least and greatest tilings), the
placement probabilities (a colour map by orientation), a colouring, the
animations of Kuhn's matching and of domino shuffling, and exports (the
region as text; the picture as PNG, SVG or TikZ; the tiling as text).  The
page's script and style ship in this package (``static/``), so it works
offline.  The server does no mathematics of its own: every answer comes from
the public API, through the small JSON interface below, and the browser
draws it.  Needs the ``serve`` extra (Starlette and uvicorn):
``pip install 'tiling[serve]'``.

The JSON interface
------------------
``GET /api``
    The server: ``version``, the ``questions`` (name, summary, fields), the
    ``presets``, the ``limits`` (``max_cells``, ``time_limit``,
    ``max_body``, ``kuhn_cells``, ``shuffle_order``, ``flips``), the
    ``workers`` (how many, busy, waiting), the library's palettes and
    ``height_colors`` (the colour map of heights, 256 colours from low to
    high) and ``probability_colors`` (the scale of the probability view, 256
    colours from 0, always horizontal, to 1, always vertical).
``GET /api/preset/<name>[?n=N]``
    A preset region: ``{"name": ..., "region": "<ASCII picture>"}``.  Names:
    ``chessboard``, ``mutilated``, ``figure7``, ``aztec`` (takes ``n``),
    ``heart``, ``ring``, ``holey``, ``strip``.
``POST /api/<question>``
    The body is a JSON object (``Content-Type: application/json``) with the
    region as an ASCII picture, ``.`` a cell and ``#`` or a space none, row
    0 on top::

        {"region": "..\\n..", "ticket": "any-id", "time_limit": 10, ...}

    ``ticket`` (optional) names the question so that ``POST /api/cancel``
    can stop it; ``time_limit`` (optional) shortens the server's limit.
    The other fields depend on the question:

    ==================  =========================  ===============================================
    question            fields                     answer
    ==================  =========================  ===============================================
    ``region``                                     ``cells``, ``colors`` ([colour 0, colour 1]),
                                                   ``balance``, ``components``, ``holes``,
                                                   ``box``, ``aztec_order``,
                                                   ``trivially_untileable``, ``ascii`` (cropped),
                                                   ``estimates`` and ``methods`` (per question,
                                                   seconds and the method ``auto`` picks)
    ``count``           ``method``                 ``count`` (a decimal string, every digit),
                                                   ``digits``, ``method``
    ``find``            ``method``                 ``tileable``; ``dominoes`` or ``proof``
    ``prove``                                      ``tileable``; ``proof`` when false
    ``cover``           ``method``                 ``dominoes``, ``uncovered``, ``covered``,
                                                   ``cells``, ``bound`` (a proof: the Hall sets)
    ``sample``          ``seed``, ``method``       ``tileable``, ``seed`` (the one used),
                                                   ``dominoes``, ``method`` (the sampler that
                                                   drew it: ``dp``, ``cftp`` or
                                                   ``shuffling``); or ``proof``
    ``color``           ``dominoes``, ``k``,       ``colors`` (one per domino, in order),
                        ``adjacency``              ``k``, ``adjacency``, ``dominoes``
    ``kuhn``                                       ``steps``: Kuhn's augmenting paths, in order
                                                   (lists of cells; see
                                                   :func:`tiling.matching.kuhn_steps`)
    ``shuffle``         ``seed``                   ``order``, ``seed``, ``steps``: the tilings
                                                   of orders 1..n, each placed in the middle of
                                                   the region (an Aztec diamond)
    ``text``            ``dominoes``               ``text``: the tiling drawn with box
                                                   characters (:meth:`tiling.Tiling.to_ascii`)
    ``heights``         ``dominoes`` (optional:    ``tileable``; ``dominoes``, ``found_by``
                        without it, the tiling     (the method, or null for the tiling given),
                        ``find`` gives)            ``heights`` (corner heights,
                                                   :func:`tiling.heights.height`, rows of
                                                   ``rows + 1`` by ``cols + 1``, ``null`` where
                                                   no cell has the corner), ``low``, ``high``,
                                                   ``slits`` (``side``, ``jump``, ``line``: where
                                                   the height jumps around holes that do not
                                                   balance), ``holes`` (``cell``, ``corner``,
                                                   ``flux``, :func:`tiling.heights.flux`),
                                                   ``flips_down`` and ``flips_up`` (flips to the
                                                   least and greatest tilings of the flux
                                                   class); or ``proof``
    ``flips``           ``dominoes``, ``to``       ``to``, ``distance``, ``flips`` (the top-left
                        (``"min"`` or ``"max"``)   cells of the 2 x 2 blocks, in order:
                                                   :func:`tiling.heights.flip_path`), ``target``
                                                   (the dominoes of the least or greatest
                                                   tiling of the class)
    ``probabilities``   ``exact`` (``false`` by    ``tileable``; ``shape`` (``[rows, cols]``, the
                        default: floats; ``true``  region's mask), ``horizontal`` (rows of
                        adds the fractions)        ``rows`` by ``cols - 1`` numbers: the chance
                                                   that a uniformly random tiling has the domino
                                                   on cells ``(r, c), (r, c + 1)``, from
                                                   :func:`tiling.probabilities`; ``null``
                                                   where a cell is not in the region),
                                                   ``vertical`` (``rows - 1`` by ``cols``: the
                                                   domino on ``(r, c), (r + 1, c)``),
                                                   ``cell_vertical`` (``rows`` by ``cols``: the
                                                   chance that the cell's domino is vertical,
                                                   ``null`` off the region), with ``exact``
                                                   ``fractions`` (the same three as ``"p/q"``
                                                   strings); or ``proof``
    ``tikz``            ``show`` (``region``,      ``text``: a standalone LaTeX document of
                        ``tiling``, ``proof``,     :func:`tiling.plot.to_tikz` pictures (the
                        ``bound``, ``heights``,    cover and its Hall-set bound side by side for
                        ``probabilities``),        ``bound``; dominoes coloured by mean height,
                        ``dominoes``, ``colors``   with the corner heights, slits and a scale for
                        (a scheme name or one      ``heights``; cells coloured by the chance of a
                        colour per domino; for     vertical domino, or by the four classes
                        ``probabilities``:         mixed, a bar per position, for
                        ``"vertical"`` or          ``probabilities``), ``pictures``, ``show``
                        ``"classes"``)
    ==================  =========================  ===============================================

    A cell is ``[row, col]`` and a domino ``[r0, c0, r1, c1]`` in the
    region's coordinates; a ``proof`` is ``{"kind", "cells" (the set S),
    "neighbors" (N(S)), "deficiency", "explanation", "verified"}``.  Every
    answer also has ``question`` and ``seconds``.
``POST /api/cancel``
    ``{"ticket": "any-id"}``: stops that question (its worker process is
    killed and replaced); the question's own request then gets the
    ``cancelled`` error.  Answers ``{"ticket": ..., "cancelled": true|false}``.

Errors are JSON too, with an HTTP status:
``{"error": {"kind": "...", "message": "one line saying what and where"}}``.
Kinds: ``bad-json``, ``bad-content-type`` (415), ``bad-request``,
``bad-region`` (the picture, with line and column), ``unknown-question`` and
``unknown-preset`` (404), ``too-large`` (413 for the request or the region,
422 when no method can handle the region), ``time-limit`` (504),
``cancelled`` and ``ticket-in-use`` (409), ``busy`` (503),
``out-of-memory`` (507), ``worker-died`` and ``internal`` (500),
``bad-host`` (400), ``http`` (404, 405).

Questions run in worker processes (:mod:`.workers`): a question past its
time limit, or cancelled, has its worker killed and replaced, so the server
never blocks on one request.  The server listens on 127.0.0.1 unless told
otherwise, and answers only to loopback host names there.

Examples
--------
Ask the library a question the way the server's workers do:

>>> from tiling.serve.questions import answer
>>> status, body = answer("find", {"region": "...\\n...", "method": "dp"})
>>> status, body["tileable"], len(body["dominoes"])
(200, True, 3)
"""

from .._lazy import attach

__getattr__, __dir__, __all__ = attach(
    __name__,
    {
        "serve": ".server:serve",
        "create_app": ".app:create_app",
        "Settings": ".app:Settings",
        "QUESTIONS": ".questions:QUESTIONS",
        "PRESETS": ".presets:PRESETS",
        "WorkerPool": ".workers:WorkerPool",
    },
)

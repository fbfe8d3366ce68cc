// Label colours: "6-digit hex with leading # or a CSS color name" (spec, Labels). The platform also
// takes 3-digit hex (#fff, its colour validator's `(?:[0-9A-Fa-f]{3}){1,2}`): the platform wins.
import {custom, RuleBroken} from '../core/input/input.js'

// The named colours of CSS Color Module Level 4.
const CSS_COLOR_NAMES = new Set(
  `aliceblue antiquewhite aqua aquamarine azure beige bisque black blanchedalmond blue
blueviolet brown burlywood cadetblue chartreuse chocolate coral cornflowerblue cornsilk crimson cyan darkblue darkcyan
darkgoldenrod darkgray darkgreen darkgrey darkkhaki darkmagenta darkolivegreen darkorange darkorchid darkred darksalmon
darkseagreen darkslateblue darkslategray darkslategrey darkturquoise darkviolet deeppink deepskyblue dimgray dimgrey
dodgerblue firebrick floralwhite forestgreen fuchsia gainsboro ghostwhite gold goldenrod gray green greenyellow grey
honeydew hotpink indianred indigo ivory khaki lavender lavenderblush lawngreen lemonchiffon lightblue lightcoral
lightcyan lightgoldenrodyellow lightgray lightgreen lightgrey lightpink lightsalmon lightseagreen lightskyblue
lightslategray lightslategrey lightsteelblue lightyellow lime limegreen linen magenta maroon mediumaquamarine mediumblue
mediumorchid mediumpurple mediumseagreen mediumslateblue mediumspringgreen mediumturquoise mediumvioletred midnightblue
mintcream mistyrose moccasin navajowhite navy oldlace olive olivedrab orange orangered orchid palegoldenrod palegreen
paleturquoise palevioletred papayawhip peachpuff peru pink plum powderblue purple rebeccapurple red rosybrown royalblue
saddlebrown salmon sandybrown seagreen seashell sienna silver skyblue slateblue slategray slategrey snow springgreen
steelblue tan teal thistle tomato turquoise violet wheat white whitesmoke yellow yellowgreen`.split(/\s+/),
)

export function isLabelColor(value: string): boolean {
  return /^#([0-9a-f]{3}){1,2}$/i.test(value) || CSS_COLOR_NAMES.has(value.toLowerCase())
}

const RULE = '#RRGGBB or #RGB (hex with a leading #) or a CSS colour name such as orange'

/** a label colour input; a refused value says the rule: `--color "blurple": must be #RRGGBB … or a CSS colour name` */
export const color = <R extends boolean = false>(options: {description?: string; required?: R}) =>
  custom<string, R>({
    description: options.description ?? 'label colour',
    required: options.required,
    helpValue: '#RRGGBB|NAME',
    hint: RULE,
    parse: value => {
      if (!isLabelColor(value)) throw new RuleBroken(`must be ${RULE}`)
      return value
    },
  })

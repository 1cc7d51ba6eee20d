// What the site uses of antd, provided as the `antd` singleton instead of the whole package (webpack.common.js).
// A shared module is never tree-shaken, so sharing all of antd put about 430 KB gzip on every remote page's
// critical path; this list keeps one antd (one theme, one style cache) at a fraction of that. Deep imports,
// because importing 'antd' here would consume this very module. A component missing here fails
// shell/server/webpack-singletons.test.ts; one added here reaches the remotes through the shell, so the
// shell deploys first (release:remote checks it, docs/deploy.md).

export { default as Alert } from 'antd/es/alert';
export { default as App } from 'antd/es/app';
export { default as AutoComplete } from 'antd/es/auto-complete';
export { default as Button } from 'antd/es/button';
export { default as Card } from 'antd/es/card';
export { default as ConfigProvider } from 'antd/es/config-provider';
export { default as Dropdown } from 'antd/es/dropdown';
export { default as Form } from 'antd/es/form';
export { default as Input } from 'antd/es/input';
export { default as Modal } from 'antd/es/modal';
export { default as Progress } from 'antd/es/progress';
export { default as Radio } from 'antd/es/radio';
export { default as Result } from 'antd/es/result';
export { default as Segmented } from 'antd/es/segmented';
export { default as Select } from 'antd/es/select';
export { default as Skeleton } from 'antd/es/skeleton';
export { default as Space } from 'antd/es/space';
export { default as Spin } from 'antd/es/spin';
export { default as Switch } from 'antd/es/switch';
export { default as Table } from 'antd/es/table';
export { default as Tag } from 'antd/es/tag';
export { default as Tooltip } from 'antd/es/tooltip';
export { default as theme } from 'antd/es/theme';

// The icons the site uses, provided as the `@ant-design/icons` singleton instead of all of them (about 186 KB
// gzip; see ./antd.ts for why). A missing icon fails shell/server/webpack-singletons.test.ts.

export { default as ArrowDownOutlined } from '@ant-design/icons/ArrowDownOutlined';
export { default as ArrowLeftOutlined } from '@ant-design/icons/ArrowLeftOutlined';
export { default as ArrowRightOutlined } from '@ant-design/icons/ArrowRightOutlined';
export { default as ArrowUpOutlined } from '@ant-design/icons/ArrowUpOutlined';
export { default as CheckCircleOutlined } from '@ant-design/icons/CheckCircleOutlined';
export { default as CheckOutlined } from '@ant-design/icons/CheckOutlined';
export { default as ClockCircleOutlined } from '@ant-design/icons/ClockCircleOutlined';
export { default as CloseCircleFilled } from '@ant-design/icons/CloseCircleFilled';
export { default as CloseOutlined } from '@ant-design/icons/CloseOutlined';
export { default as CopyOutlined } from '@ant-design/icons/CopyOutlined';
export { default as DeleteOutlined } from '@ant-design/icons/DeleteOutlined';
export { default as DesktopOutlined } from '@ant-design/icons/DesktopOutlined';
export { default as EditOutlined } from '@ant-design/icons/EditOutlined';
export { default as EllipsisOutlined } from '@ant-design/icons/EllipsisOutlined';
export { default as EyeInvisibleOutlined } from '@ant-design/icons/EyeInvisibleOutlined';
export { default as EyeOutlined } from '@ant-design/icons/EyeOutlined';
export { default as GlobalOutlined } from '@ant-design/icons/GlobalOutlined';
export { default as HeartOutlined } from '@ant-design/icons/HeartOutlined';
export { default as HolderOutlined } from '@ant-design/icons/HolderOutlined';
export { default as InstagramOutlined } from '@ant-design/icons/InstagramOutlined';
export { default as LeftOutlined } from '@ant-design/icons/LeftOutlined';
export { default as LockOutlined } from '@ant-design/icons/LockOutlined';
export { default as PictureOutlined } from '@ant-design/icons/PictureOutlined';
export { default as PlusOutlined } from '@ant-design/icons/PlusOutlined';
export { default as RedditOutlined } from '@ant-design/icons/RedditOutlined';
export { default as RightOutlined } from '@ant-design/icons/RightOutlined';
export { default as SaveOutlined } from '@ant-design/icons/SaveOutlined';
export { default as SearchOutlined } from '@ant-design/icons/SearchOutlined';
export { default as SortAscendingOutlined } from '@ant-design/icons/SortAscendingOutlined';
export { default as SortDescendingOutlined } from '@ant-design/icons/SortDescendingOutlined';
export { default as UserOutlined } from '@ant-design/icons/UserOutlined';
